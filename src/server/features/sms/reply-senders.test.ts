import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsMessages, users } from '../../db/schema'
import { createTestApp, eventually, type TestApp } from '../../test/harness'
import { startTestSmsc, type TestSmsc } from '../../test/smsc'
import { createUser } from '../../test/users'

let smsc: TestSmsc
let app: TestApp
beforeAll(async () => {
  smsc = await startTestSmsc()
  app = await createTestApp({ SMS_URL: smsc.url, SMS_FROM: 'Ahara' })
})
afterAll(async () => {
  await app?.teardown()
  await smsc?.close()
})

const NUMBER = '94771110001'

describe('who a reply comes from', () => {
  it('only the whole number, international or national, acts for its owner', async () => {
    const owner = await createUser(app, { role: 'recipient', phone: '077 111 0001' })
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) })
    expect((await post('/api/me/phone-verification')).statusCode).toBe(202)
    const sms = await eventually('the code', () => smsc.received.find((s) => s.to === NUMBER))
    expect(
      (await post('/api/me/phone-verification/confirm', { code: /(\d{6})/.exec(sms.text)![1] })).statusCode,
    ).toBe(200)
    const stopped = async () =>
      (await app.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.smsStoppedAt !== null
    const received = async () =>
      (await app.database.db.select().from(smsMessages).where(eq(smsMessages.direction, 'in'))).length

    // Letters, spaces, a digit more, or an alphanumeric type of address: logged, and nobody's.
    for (const [from, ton] of [
      ['94 77 111 0001x', 1],
      ['94771110001x', 1],
      ['947711100011', 1],
      [NUMBER, 5],
      [NUMBER, 0],
    ] as const) {
      const before = await received()
      await smsc.reply(from, 'STOP', ton)
      await eventually(`the text from ${from} logged`, async () => (await received()) > before)
      expect(await stopped()).toBe(false)
    }
    const [odd] = await app.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.phone, '94 77 111 0001x'))
    expect(odd!.userId).toBeNull()

    // The national form is the owner's, and so is the international one.
    await smsc.reply('0771110001', 'STOP', 2)
    await eventually('STOP from the national number', stopped)
    await smsc.reply(NUMBER, 'START', 1)
    await eventually('START from the international number', async () => !(await stopped()))
  }, 30_000)
})
