import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '../../db/schema'
import { claimBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { startTestSmtp, type TestSmtp } from '../../test/smtp'
import { createUser } from '../../test/users'

let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startTestSmtp()
})

afterAll(() => smtp.close())

/** A recipient whose claim the donor approves; answers the approval's status code. */
async function approveAClaim(app: TestApp) {
  const donor = await createUser(app, { role: 'donor' })
  const recipient = await createUser(app, { role: 'recipient' })
  const listing = await insertListing(app, donor.id, { title: 'Kiribath' })
  const claim = await app.inject({
    method: 'POST',
    url: `/api/listings/${listing.id}/claims`,
    headers: { cookie: recipient.cookie },
    payload: claimBody(),
  })
  const approve = await app.inject({
    method: 'POST',
    url: `/api/claims/${claim.json().id}/approve`,
    headers: { cookie: donor.cookie },
  })
  return { status: approve.statusCode, recipient }
}

/** The approval mail in `email`'s outbox once `check` passes on it (the job queue sends it in its own time). */
function approvalMail(
  app: TestApp,
  email: string,
  check: (row: typeof mailOutbox.$inferSelect | undefined) => void,
) {
  return vi.waitFor(
    async () => {
      const rows = await app.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
      const row = rows.find((r) => r.subject.startsWith('Approved: your food "Kiribath"'))
      check(row)
      return row!
    },
    { timeout: 30_000, interval: 200 },
  )
}

// Each test builds its own app (its own SMTP setting): slower than the shared-app files.
describe('notification e-mails over SMTP', { timeout: 120_000 }, () => {
  it('carry their attachment (the monthly report) to the SMTP peer', async () => {
    const app = await createTestApp({ SMTP_URL: smtp.url })
    try {
      await app.services.mailer.send({
        to: 'home@example.lk',
        subject: 'Report attached',
        text: 'See the PDF.',
        attachment: {
          filename: 'ahara-report-2026-10.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.3 test'),
        },
      })
      const mail = await vi.waitFor(
        () => {
          const found = smtp.received.find((m) => m.to.includes('home@example.lk'))
          expect(found).toBeDefined()
          return found!
        },
        { timeout: 30_000, interval: 200 },
      )
      expect(mail.raw).toContain('Content-Type: application/pdf; name=ahara-report-2026-10.pdf')
      expect(mail.raw).toContain(Buffer.from('%PDF-1.3 test').toString('base64'))
    } finally {
      await app.teardown()
    }
  })

  it('reach the SMTP peer and are marked sent', async () => {
    const app = await createTestApp({ SMTP_URL: smtp.url })
    try {
      const { status, recipient } = await approveAClaim(app)
      expect(status).toBe(200)
      // The mailer hands delivery to the job queue: wait for its worker.
      const approval = await approvalMail(app, recipient.email, (row) => expect(row?.status).toBe('sent'))
      expect(approval.text).toContain('Kiribath')
      const mail = smtp.received.find((m) => m.to.includes(recipient.email) && m.raw.includes('Kiribath'))
      expect(mail?.raw).toContain('/orders/')
    } finally {
      await app.teardown()
    }
  })

  it('a failing SMTP server never fails the action: the outbox keeps the error', async () => {
    const app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' })
    try {
      const { status, recipient } = await approveAClaim(app)
      expect(status).toBe(200)
      // The first try fails at once; the outbox keeps the error while the queue retries.
      const approval = await approvalMail(app, recipient.email, (row) => expect(row?.error).toBeTruthy())
      expect(approval.sentAt).toBeNull()
    } finally {
      await app.teardown()
    }
  })
})
