import { expect, test } from '@playwright/test'
import { EMAIL_TYPES_FOR_ROLE } from '../src/shared/notification-preferences'
import { signUpAndIn } from './fixtures/accounts'

test('a user turns an e-mail kind off in the profile, and it stays off after a reload', async ({ page }) => {
  await signUpAndIn(page, 'recipient', 'E2E Prefs', { location: 'Nugegoda' })
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'E-mail notifications' })
  const approved = section.getByRole('checkbox', { name: 'A claim of mine is approved' })
  const newEvents = section.getByRole('checkbox', { name: /New events in my district/ })
  await expect(approved).toBeChecked()
  await expect(newEvents).not.toBeChecked()

  await approved.uncheck()
  await expect(section.getByText('Saved.')).toBeVisible()
  await newEvents.check()
  await expect(newEvents).toBeChecked()

  await page.reload()
  await expect(approved).not.toBeChecked()
  await expect(newEvents).toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'A claim of mine is declined' })).toBeChecked()
  // A recipient is not asked about a donor's or a volunteer's mail.
  await expect(section.getByRole('checkbox')).toHaveCount(EMAIL_TYPES_FOR_ROLE.recipient.length)
})

for (const language of ['si', 'ta'] as const) {
  test(`the settings fit a 360 px phone in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
    const page = await context.newPage()
    await signUpAndIn(page, 'recipient', 'E2E Phone', { location: 'Nugegoda' })
    await page.goto('/profile#notification-preferences')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const section = page.locator('#notification-preferences')
    // One checkbox per kind of e-mail a recipient receives.
    await expect(section.getByRole('checkbox')).toHaveCount(EMAIL_TYPES_FOR_ROLE.recipient.length)
    await section.scrollIntoViewIfNeeded()
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(sideways).toBeLessThanOrEqual(1)
    await section.screenshot({ path: test.info().outputPath(`notification-preferences-${language}.png`) })
    await context.close()
  })
}
