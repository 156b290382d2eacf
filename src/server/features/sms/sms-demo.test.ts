import { describe, expect, it } from 'vitest'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ saman: { role: 'recipient', phone: '077 300 0001' } })

describe('SMS without SMS_URL', () => {
  it('logs the code in demo mode and shows it in the dev mailbox beside the e-mails', async () => {
    const sent = await ctx.app.request('POST', '/api/me/phone-verification', ctx.saman)
    expect(sent.statusCode).toBe(202)
    const mailbox = await ctx.app.inject({ url: '/api/dev/mailbox' })
    const [sms] = mailbox.json().sms
    expect(sms).toMatchObject({ direction: 'out', phone: '94773000001', status: 'logged', segments: 1 })
    expect(sms.text).toMatch(/^Ahara: your code is \d{6}\./)
    const code = /(\d{6})/.exec(sms.text)![1]
    const confirmed = await ctx.app.request('POST', '/api/me/phone-verification/confirm', ctx.saman, { code })
    expect(confirmed.json().phoneVerified).toBe(true)
  })
})
