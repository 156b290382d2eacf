import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claims, deliveries, users } from '../../db/schema'
import { claimBody, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

/** The outside test's shapes (issue 37) and their cousins: each a 400 naming the field. */
const BAD = ['()()()()()-', '+94777777777777777777', '1000-01-01', '94 77 111 0001x', '+91 98765 43210']
const GOOD: [string, string][] = [
  ['077 123 4567', '+94771234567'],
  ['+94 77 123 4567', '+94771234567'],
  ['94771234567', '+94771234567'],
  ['011-234-5678', '+94112345678'],
]

let app: TestApp
let donor: TestUser
let recipient: TestUser
beforeAll(async () => {
  app = await createTestApp()
  donor = await createUser(app, { role: 'donor' })
  recipient = await createUser(app, { role: 'recipient' })
})
afterAll(() => app.teardown())

const send = (method: 'POST' | 'PATCH', url: string, user: TestUser | undefined, payload: object) =>
  app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload })

function expectPhoneRefused(res: Awaited<ReturnType<typeof send>>, field = 'phone') {
  expect(res.statusCode).toBe(400)
  expect(res.json().error.fields[field]).toEqual({
    key: 'auth.errors.phoneInvalid',
    message: 'Please enter a Sri Lankan phone number, like 077 123 4567.',
  })
}

describe('phone numbers, one rule everywhere', () => {
  it('the profile takes 0…, +94… and 94… forms, stores +94…, and refuses anything else', async () => {
    for (const [typed, stored] of GOOD) {
      expect((await send('PATCH', '/api/me', recipient, { phone: typed })).statusCode).toBe(200)
      const [row] = await app.database.db.select().from(users).where(eq(users.id, recipient.id))
      expect(row!.phone).toBe(stored)
    }
    for (const typed of BAD) expectPhoneRefused(await send('PATCH', '/api/me', recipient, { phone: typed }))
    const [row] = await app.database.db.select().from(users).where(eq(users.id, recipient.id))
    expect(row!.phone).toBe('+94112345678')
  })

  it('sign-up refuses a bad number and stores a good one as +94…', async () => {
    for (const typed of BAD) {
      expectPhoneRefused(
        await send('POST', '/api/users', undefined, {
          name: 'Kamal',
          email: `kamal-${BAD.indexOf(typed)}@example.lk`,
          password: 'secret-pass-1',
          confirmPassword: 'secret-pass-1',
          location: 'Kandy',
          district: 'Kandy',
          phone: typed,
          role: 'recipient',
          agreeToTerms: true,
        }),
      )
    }
    const user = await createUser(app, { phone: '0094 81 222 3333' })
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.phone).toBe('+94812223333')
  })

  it('claims and deliveries refuse bad numbers and store good ones as +94…', async () => {
    for (const typed of BAD) {
      const listing = await insertListing(app, donor.id)
      expectPhoneRefused(
        await send('POST', `/api/listings/${listing.id}/claims`, recipient, claimBody({ phone: typed })),
      )
      expectPhoneRefused(
        await send(
          'POST',
          `/api/listings/${listing.id}/deliveries`,
          recipient,
          deliveryBody({ phone: typed }),
        ),
      )
    }
    const listing = await insertListing(app, donor.id, { quantity: 5 })
    const claim = await send(
      'POST',
      `/api/listings/${listing.id}/claims`,
      recipient,
      claimBody({ phone: '077-123-4567' }),
    )
    expect(claim.statusCode).toBe(201)
    const [claimRow] = await app.database.db.select().from(claims).where(eq(claims.id, claim.json().id))
    expect(claimRow!.phone).toBe('+94771234567')
    const delivery = await send(
      'POST',
      `/api/listings/${listing.id}/deliveries`,
      recipient,
      deliveryBody({ phone: '94 11 234 5678' }),
    )
    expect(delivery.statusCode).toBe(201)
    const [deliveryRow] = await app.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, delivery.json().id))
    expect(deliveryRow!.phone).toBe('+94112345678')
  })
})
