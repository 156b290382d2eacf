import { type Browser, expect, type Page, test } from '@playwright/test'
import { EMAIL_TYPES_FOR_ROLE, isSmsType } from '../src/shared/notification-preferences'
import { PASSWORD, signUpAndIn } from './fixtures/accounts'

let numberCounter = 0

/** A recipient with a number of their own; demo mode logs SMS, and the dev mailbox shows them. */
async function recipientWithPhone(page: Page, name: string) {
  numberCounter += 1
  const phone = `077 ${String(Date.now()).slice(-4)} ${String(numberCounter).padStart(3, '0')}`
  await signUpAndIn(page, 'recipient', name, { location: 'Nugegoda', phone })
  return phone.replace(/\s/g, '').replace(/^0/, '94')
}

async function codeSentTo(page: Page, number: string): Promise<string> {
  let code = ''
  await expect(async () => {
    const mailbox = await (await page.request.get('/api/dev/mailbox')).json()
    const sms = (mailbox.sms as { phone: string; text: string }[]).find((s) => s.phone === number)
    code = /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? ''
    expect(code).not.toBe('')
  }).toPass()
  return code
}

test('a recipient verifies their number with the code sent by SMS, typed on the number pad', async ({
  page,
}) => {
  const number = await recipientWithPhone(page, 'E2E SMS')
  await page.goto('/profile#phone')
  const section = page.getByRole('region', { name: 'SMS on your phone' })
  await expect(section.getByText('Not verified')).toBeVisible()
  const sms = page.locator('#sms-preferences')
  await expect(sms.getByRole('checkbox').first()).toBeDisabled()

  await section.getByRole('button', { name: 'Send me a code' }).click()
  await expect(section.getByText(/We sent a 6-digit code to \+94 77/)).toBeVisible()
  const input = section.getByLabel('Code from the SMS')
  await expect(input).toHaveAttribute('inputmode', 'numeric')
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code')
  await input.fill('12345')
  await section.getByRole('button', { name: 'Verify' }).click()
  await expect(section.getByText('The code is 6 digits.')).toBeVisible()
  await input.fill(await codeSentTo(page, number))
  await section.getByRole('button', { name: 'Verify' }).click()
  await expect(section.getByText('Verified number')).toBeVisible()
  await expect(section.getByText('Your number is verified.')).toBeVisible()

  // SMS kinds beside the e-mail ones, now to be chosen.
  await expect(sms.getByRole('checkbox').first()).toBeEnabled()
  const reminder = sms.getByRole('checkbox', { name: 'One hour before a pickup' })
  await reminder.uncheck()
  await page.reload()
  await expect(
    page.locator('#sms-preferences').getByRole('checkbox', { name: 'One hour before a pickup' }),
  ).not.toBeChecked()
})

test('the header’s language switcher sets the profile’s language, which every channel reads', async ({
  page,
  browser,
}) => {
  const email = await signUpAndIn(page, 'recipient', 'E2E Language', { location: 'Nugegoda' })
  await page.goto('/profile')
  await page.getByLabel('Language').first().selectOption('ta')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta')
  await expect(async () => {
    expect((await (await page.request.get('/api/me')).json()).language).toBe('ta')
  }).toPass()
  await expect(page.getByRole('combobox', { name: 'அறிவிப்புகளுக்கான மொழி' })).toHaveValue('ta')
  await page.getByRole('combobox', { name: 'அறிவிப்புகளுக்கான மொழி' }).selectOption('si')
  await expect(page.locator('html')).toHaveAttribute('lang', 'si')
  await expect(async () => {
    expect((await (await page.request.get('/api/me')).json()).language).toBe('si')
  }).toPass()

  // Signing in on another phone, set to English, the app reads on in the account's Sinhala.
  const other = await browser.newContext({ locale: 'en' })
  const phone = await other.newPage()
  await phone.goto('/auth')
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en')
  await phone.getByLabel('Email Address').fill(email)
  await phone.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(phone.locator('html')).toHaveAttribute('lang', 'si')
  await other.close()
})

async function phoneInLanguage(browser: Browser, language: 'si' | 'ta') {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
  return { context, page: await context.newPage() }
}

for (const language of ['si', 'ta'] as const) {
  test(`phone verification and SMS settings fit a 360 px phone in ${language}`, async ({ browser }) => {
    const { context, page } = await phoneInLanguage(browser, language)
    const number = await recipientWithPhone(page, `E2E SMS ${language}`)
    await page.goto('/profile#phone')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const section = page.locator('#phone')
    await section.getByRole('button').first().click()
    const input = section.getByRole('textbox')
    await input.fill(await codeSentTo(page, number))
    await section.locator('button[type=submit]').click()
    await expect(section.locator('.bg-brand-50')).toBeVisible()
    for (const part of [section, page.locator('#sms-preferences')]) {
      await part.scrollIntoViewIfNeeded()
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(sideways).toBeLessThanOrEqual(1)
      const box = await part.boundingBox()
      expect(box!.width).toBeLessThanOrEqual(360)
    }
    // One SMS checkbox per SMS kind a recipient receives, each now enabled.
    const boxes = page.locator('#sms-preferences').getByRole('checkbox')
    await expect(boxes).toHaveCount(EMAIL_TYPES_FOR_ROLE.recipient.filter(isSmsType).length)
    await expect(boxes.first()).toBeEnabled()
    await section.screenshot({ path: test.info().outputPath(`phone-verification-${language}.png`) })
    await page
      .locator('#sms-preferences')
      .screenshot({ path: test.info().outputPath(`sms-preferences-${language}.png`) })
    await context.close()
  })
}
