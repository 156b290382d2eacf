import { expect, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing, soonPickup } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

/**
 * Issue 43: a handover arranged without sharing numbers. The recipient, on a 360 px phone in Tamil,
 * taps "Running about 10 minutes late"; the donor's open order page shows it within 2 s; the donor,
 * who answers by SMS, replies and the recipient reads the reply; "Sorry, I can't come" then offers to
 * cancel the order (docs/decisions/0066-messages.md,
 * 0067-messages-by-sms.md). Without an SMSC the dev mailbox holds the texts and takes the reply.
 */
test('the recipient’s quick reply reaches the donor live, and the donor’s SMS reply reaches the recipient', async ({
  browser,
}) => {
  const phone = `077${String(Date.now()).slice(-7)}`
  const number = `94${phone.slice(1)}`
  const donor = await newAccount(browser, 'donor', 'Nimal Silva', { phone })
  // The donor's number is verified with the code from the mailbox's SMS.
  expect((await donor.request.post('/api/me/phone-verification', { headers: fromApp })).status()).toBe(202)
  let code = ''
  await expect(async () => {
    const mailbox = await (await donor.request.get('/api/dev/mailbox')).json()
    const sms = (mailbox.sms as { phone: string; text: string }[]).find((s) => s.phone === number)
    code = /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? ''
    expect(code).not.toBe('')
  }).toPass()
  const confirmed = await donor.request.post('/api/me/phone-verification/confirm', {
    headers: fromApp,
    data: { code },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)

  const recipientContext = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await recipientContext.addInitScript(() => localStorage.setItem('ahara.language', 'ta'))
  const recipient = await newAccount(browser, 'recipient', 'Kavitha Raj')
  const listingId = await postListing(donor.request, { title: 'Kiribath' })
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 1, ...soonPickup(), contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  const orderId = (await claim.json()).id as string
  // The recipient's phone carries their session.
  await recipientContext.addCookies(await recipient.context.cookies())
  const phonePage = await recipientContext.newPage()

  await donor.page.goto(`/orders/${orderId}`)
  const donorThread = donor.page.getByRole('region', { name: 'Messages' })
  await expect(donorThread.getByText('No messages yet.')).toBeVisible()

  await phonePage.goto(`/orders/${orderId}`)
  await expect(phonePage.locator('html')).toHaveAttribute('lang', 'ta')
  const thread = phonePage.getByRole('region', { name: 'செய்திகள்' })
  await thread.getByRole('button', { name: 'சுமார் 10 நிமிடம் தாமதமாகும்' }).click()
  await expect(thread.getByText('சுமார் 10 நிமிடம் தாமதமாகும்')).toHaveCount(2)
  // The donor's open page, in English, without a reload.
  await expect(
    donorThread.getByRole('listitem').filter({ hasText: 'Running about 10 minutes late' }),
  ).toBeVisible({
    timeout: 2_000,
  })

  // The donor answers the SMS.
  await expect(async () => {
    const mailbox = await (await donor.request.get('/api/dev/mailbox')).json()
    const texts = (mailbox.sms as { phone: string; text: string }[]).filter((s) => s.phone === number)
    expect(texts.map((s) => s.text)).toContain(
      'Ahara - Kavitha: Running about 10 minutes late (reply to answer)',
    )
  }).toPass()
  const replied = await donor.request.post('/api/dev/sms', {
    headers: fromApp,
    data: { from: number, text: 'ok, gate is on the side lane' },
  })
  expect(replied.status()).toBe(204)
  await expect(thread.getByRole('listitem').filter({ hasText: 'ok, gate is on the side lane' })).toBeVisible({
    timeout: 5_000,
  })

  // It fits the phone: nothing runs off to the side.
  await thread.scrollIntoViewIfNeeded()
  const sideways = await phonePage.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(sideways).toBeLessThanOrEqual(1)
  expect((await thread.boundingBox())!.width).toBeLessThanOrEqual(360)
  await thread.screenshot({ path: test.info().outputPath('thread-ta.png') })

  // "Sorry, I can't come" offers to cancel the order there and then.
  await thread.getByRole('button', { name: 'மன்னிக்கவும், என்னால் வர முடியாது' }).click()
  await thread.getByRole('button', { name: 'ஆர்டரை ரத்து செய்' }).click()
  await expect
    .poll(async () => (await (await recipient.request.get(`/api/claims/${orderId}`)).json()).status)
    .toBe('cancelled')
  await expect(thread.getByRole('button', { name: 'ஆர்டரை ரத்து செய்' })).toHaveCount(0)
  await recipientContext.close()
  await donor.context.close()
  await recipient.context.close()
})
