import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, mailOutbox } from '../../db/schema'
import { createTestApp, eventually, type TestApp } from '../../test/harness'
import { startTestSmtp, type TestSmtp } from '../../test/smtp'
import { createUser } from '../../test/users'
import { CONTACT_RATE_LIMIT } from './routes'

const SUPPORT = 'helpdesk@support.ahara.test'
let smtp: TestSmtp
let app: TestApp

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT })
})

afterAll(async () => {
  await app.teardown()
  await smtp.close()
})

let addressCounter = 0
/** Each test writes from its own address, so the rate limit of one does not touch another. */
const newAddress = () => `10.8.0.${++addressCounter}`

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dilini Perera',
  email: 'Dilini.Perera@Example.lk',
  category: 'food-safety',
  subject: 'Rice packet smelled sour',
  message: 'The rice and curry I collected in Maharagama today smelled sour. Please check the donor.',
  ...overrides,
})

function send(payload: unknown, options: { ip?: string; cookie?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? newAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  })
}

async function storedCount() {
  const [row] = await app.services.db.select({ n: count() }).from(contactMessages)
  return row!.n
}

/** Unfolds quoted-printable soft line breaks, so a long line of the body can be searched. */
const body = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))

describe('POST /api/contact-messages', () => {
  it('stores the message and mails it to SUPPORT_EMAIL through a real SMTP peer', async () => {
    const before = smtp.received.length
    const res = await send(message())
    expect(res.statusCode).toBe(201)
    const { id } = res.json()

    const [row] = await app.services.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(row).toMatchObject({
      userId: null,
      name: 'Dilini Perera',
      email: 'dilini.perera@example.lk',
      category: 'food-safety',
      subject: 'Rice packet smelled sour',
    })

    // Delivery is a job on the queue (platform/mail.ts): it arrives shortly after the answer.
    await eventually('the mail at the SMTP peer', () => smtp.received.length === before + 1)
    const mail = smtp.received.at(-1)!
    expect(mail.to).toEqual([SUPPORT])
    expect(mail.from).toBe('no-reply@ahara.lk')
    expect(mail.raw).toMatch(/^Subject: \[Ahara contact\] Food Safety Concern: Rice packet smelled sour/m)
    const text = body(mail.raw)
    expect(text).toContain('Dilini Perera <dilini.perera@example.lk>')
    expect(text).toContain('smelled sour. Please check the donor.')
    expect(text).toContain(id)

    const outbox = await eventually('the outbox row marked sent', async () => {
      const [row] = await app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, SUPPORT))
      return row?.status === 'sent' && row
    })
    expect(outbox.sentAt).toBeInstanceOf(Date)
    expect(outbox.attempts).toBe(1)
  })

  it('attaches the account of a signed-in sender', async () => {
    const user = await createUser(app, { role: 'donor' })
    const res = await send(message({ email: user.email, category: 'account' }), { cookie: user.cookie })
    expect(res.statusCode).toBe(201)
    // The user's welcome mail travels the same queue, in either order: find the one to support.
    const toSupport = await eventually('the mail at the SMTP peer', () =>
      smtp.received.find((mail) => mail.to.includes(SUPPORT) && body(mail.raw).includes(user.id)),
    )
    const [row] = await app.services.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json().id))
    expect(row!.userId).toBe(user.id)
    expect(toSupport).toBeDefined()
  })

  it.each([
    [{ name: '   ' }, 'name', 'Please enter your full name.'],
    [{ email: '' }, 'email', 'Please enter your e-mail address.'],
    [{ email: 'dilini-at-example.lk' }, 'email', 'Please enter a valid e-mail address.'],
    [{ category: '' }, 'category', 'Please choose a category.'],
    [{ category: 'lottery' }, 'category', 'Please choose a category.'],
    [{ subject: '' }, 'subject', 'Please enter a subject.'],
    [{ subject: 'x'.repeat(201) }, 'subject', 'The subject is too long (200 characters at most).'],
    [{ message: '\n ' }, 'message', 'Please write your message.'],
    [{ message: 'x'.repeat(5001) }, 'message', 'The message is too long (5,000 characters at most).'],
    [{ name: undefined }, 'name', 'Please enter your full name.'],
  ])(
    'refuses %j with 400, the message by the field, and stores and mails nothing',
    async (overrides, field, text) => {
      const stored = await storedCount()
      const mails = smtp.received.length
      const res = await send(message(overrides))
      expect(res.statusCode).toBe(400)
      const error = res.json().error
      expect(error.code).toBe('validation_failed')
      expect(error.fields[field]).toEqual({ key: expect.stringMatching(/^contact\.errors\./), message: text })
      expect(await storedCount()).toBe(stored)
      expect(smtp.received.length).toBe(mails)
    },
  )

  it('names every missing field at once', async () => {
    const res = await send({})
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'category',
      'email',
      'message',
      'name',
      'subject',
    ])
  })

  it(`answers 429 after ${CONTACT_RATE_LIMIT.max} messages from one address, and stores nothing more`, async () => {
    const ip = newAddress()
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send(message({ subject: `Question ${i}` }), { ip })).statusCode).toBe(201)
    }
    const stored = await storedCount()
    const limited = await send(message(), { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      key: 'contact.errors.tooManyMessages',
      message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
    })
    expect(await storedCount()).toBe(stored)
    // Another sender is not held back.
    expect((await send(message())).statusCode).toBe(201)
  })

  it('keeps the message when the mail cannot be delivered', async () => {
    const offline = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', SUPPORT_EMAIL: SUPPORT })
    try {
      const res = await offline.inject({ method: 'POST', url: '/api/contact-messages', payload: message() })
      expect(res.statusCode).toBe(201)
      const [row] = await offline.services.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, res.json().id))
      expect(row).toBeDefined()
      const outbox = await eventually('the first failed try', async () => {
        const [mail] = await offline.services.db.select().from(mailOutbox)
        return mail?.status === 'retrying' && mail
      })
      expect(outbox.sentAt).toBeNull()
      expect(outbox.error).toBeTruthy()
      expect(outbox.attempts).toBe(1)
    } finally {
      await offline.teardown()
    }
  })
})
