import { describe, expect, it } from 'vitest'
import { claimBody, completeWithoutCode, deliveryBody, foodRequestBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'
import { ratingsOfUser } from './service'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  stranger: { role: 'recipient', name: 'Other Recipient' },
  volunteer: { role: 'volunteer', name: 'Kasun Volunteer' },
})

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })
const summary = async (of: TestUser, viewer: TestUser = ctx.stranger) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${of.id}/rating`,
      headers: { cookie: viewer.cookie },
    })
  ).json()

/** A claim (or food request) of the recipient on the donor's food, approved and, unless told, completed. */
async function order(path: 'claims' | 'food-requests', { complete = true } = {}) {
  const listing =
    path === 'claims'
      ? await insertListing(ctx.app, ctx.donor.id)
      : await insertListing(ctx.app, ctx.donor.id, { type: 'half-price', price: 100 })
  const res = await post(
    `/api/listings/${listing.id}/${path}`,
    ctx.recipient,
    path === 'claims' ? claimBody() : foodRequestBody(),
  )
  const id = res.json().id as string
  await post(`/api/${path}/${id}/approve`, ctx.donor)
  if (complete)
    expect((await post(`/api/${path}/${id}/complete`, ctx.donor, completeWithoutCode)).statusCode).toBe(200)
  return id
}

describe('ratings both ways', () => {
  it('donor and recipient rate each other once after completion; the profile shows the average and count', async () => {
    expect(await summary(ctx.donor)).toEqual({ average: null, count: 0 })
    const id = await order('claims')

    const byRecipient = await post(`/api/claims/${id}/rating`, ctx.recipient, {
      score: 5,
      comment: 'Kind and on time',
    })
    expect(byRecipient.statusCode).toBe(201)
    expect(byRecipient.json()).toEqual({ average: 5, count: 1 })
    const byDonor = await post(`/api/claims/${id}/rating`, ctx.donor, { score: 4 })
    expect(byDonor.statusCode).toBe(201)

    const again = await post(`/api/claims/${id}/rating`, ctx.recipient, { score: 1 })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('You have already rated this order.')

    const other = await order('food-requests')
    expect((await post(`/api/food-requests/${other}/rating`, ctx.recipient, { score: 2 })).statusCode).toBe(
      201,
    )
    expect(await summary(ctx.donor)).toEqual({ average: 3.5, count: 2 })
    expect(await summary(ctx.recipient)).toEqual({ average: 4, count: 1 })

    // The order shows both scores to its parties.
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/claims/${id}`,
      headers: { cookie: ctx.recipient.cookie },
    })
    expect(seen.json().ratings).toEqual({ byRequester: 5, byDonor: 4 })
  })

  it('is refused before completion (409), to anyone else (403) and without a session (401)', async () => {
    const open = await order('claims', { complete: false })
    const early = await post(`/api/claims/${open}/rating`, ctx.recipient, { score: 5 })
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe('You can rate an order once it is completed.')

    const done = await order('claims')
    expect((await post(`/api/claims/${done}/rating`, ctx.stranger, { score: 1 })).statusCode).toBe(403)
    expect((await post(`/api/claims/${done}/rating`, ctx.volunteer, { score: 1 })).statusCode).toBe(403)
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: `/api/claims/${done}/rating`,
      payload: { score: 1 },
    })
    expect(signedOut.statusCode).toBe(401)
  })

  it('refuses a score outside 1 to 5 and a comment over 500 characters, changing nothing', async () => {
    const id = await order('claims')
    for (const payload of [{ score: 0 }, { score: 6 }, { score: 3.5 }, { score: '5' }, {}]) {
      const res = await post(`/api/claims/${id}/rating`, ctx.recipient, payload)
      expect(res.statusCode).toBe(400)
    }
    const long = await post(`/api/claims/${id}/rating`, ctx.recipient, { score: 5, comment: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields.comment).toMatchObject({
      message: 'A comment can be at most 500 characters.',
    })
    expect((await post(`/api/claims/${id}/rating`, ctx.recipient, { score: 5 })).statusCode).toBe(201)
  })

  it("a delivery's rating of its volunteer joins the same model", async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id)
    const asked = (await post(`/api/listings/${listing.id}/deliveries`, ctx.recipient, deliveryBody())).json()
    await post(`/api/claims/${asked.order.id}/approve`, ctx.donor)
    for (const step of ['accept', 'pick-up', 'complete']) {
      const body = step === 'complete' ? completeWithoutCode : undefined
      expect((await post(`/api/deliveries/${asked.id}/${step}`, ctx.volunteer, body)).statusCode).toBe(200)
    }
    const rate = (rating: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/deliveries/${asked.id}/rating`,
        headers: { cookie: ctx.recipient.cookie },
        payload: { rating },
      })
    const rated = await rate(4)
    expect(rated.statusCode).toBe(200)
    expect(rated.json().rating).toBe(4)
    expect((await rate(5)).statusCode).toBe(409)
    expect(await summary(ctx.volunteer)).toEqual({ average: 4, count: 1 })

    const { given, received } = await ratingsOfUser(ctx.app.services.db, ctx.volunteer.id)
    expect(given).toEqual([])
    expect(received).toEqual([
      expect.objectContaining({
        raterId: ctx.recipient.id,
        score: 4,
        subject: { kind: 'delivery', id: asked.id },
      }),
    ])
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/volunteer',
      headers: { cookie: ctx.volunteer.cookie },
    })
    expect(dashboard.json()).toMatchObject({ rating: 4, ratingCount: 1 })
  })

  it("lists a user's ratings given and received for their own data", async () => {
    const { given, received } = await ratingsOfUser(ctx.app.services.db, ctx.recipient.id)
    expect(given.length).toBeGreaterThan(0)
    expect(given.every((r) => r.raterId === ctx.recipient.id)).toBe(true)
    expect(received.every((r) => r.rateeId === ctx.recipient.id)).toBe(true)
    expect(given.find((r) => r.comment === 'Kind and on time')).toMatchObject({
      score: 5,
      subject: { kind: 'claim' },
    })
  })
})
