import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount } from './fixtures/accounts'

/** A Sinhala text by its key, 'listings.clock.preparedAt', read from the catalogs the app ships. */
function si(key: string): string {
  const [file = '', ...path] = key.split('.')
  let node: unknown = JSON.parse(readFileSync(`src/shared/locales/si/${file}.json`, 'utf8'))
  for (const part of path) node = (node as Record<string, unknown>)[part]
  if (typeof node !== 'string') throw new Error(`no Sinhala text ${key}`)
  return node
}

test('a Sinhala donor is told on the first step that cooked food is out too long, sees its eat-by time there and on the review, with times on the 24-hour clock', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Nimali Clock', { language: 'si' })
  const { page } = donor
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/donate')
  await page.getByLabel(si('listings.fields.title')).fill('කිරිබත්')
  await page
    .getByLabel(si('listings.fields.category'))
    .selectOption({ label: si('categories.prepared-meals') })
  await page.getByLabel(si('listings.fields.description')).fill('පෝය දිනට පිසූ කිරිබත්, ලුණු මිරිස් සමඟ.')
  await page.getByLabel(si('listings.fields.quantity')).fill('4')

  // Cooked three hours ago and left at room temperature: refused as the donor answers, beside the
  // field, before any Next.
  const long = sriLankaParts(new Date(Date.now() - 3 * 3_600_000))
  await page.getByLabel(si('listings.clock.preparedAt')).fill(`${long.date}T${long.time}`)
  await page.getByLabel(si('listings.clock.storageOptions.room')).check()
  const refusal = page.getByText(si('listings.errors.outTooLong'))
  await expect(refusal).toBeVisible()
  await expect(refusal).toBeInViewport()
  // The time shown in the field is the 24-hour clock, not the phone's AM/PM.
  const field = page.getByLabel(si('listings.clock.preparedAt')).locator('..')
  await expect(field).toContainText(long.time.slice(3))
  await expect(field).not.toContainText(/AM|PM|පෙ\.ව\.|ප\.ව\./)
  await page.screenshot({ path: 'test-results/cooked-clock-si-refused.png', fullPage: true })

  // Cooked 30 minutes ago: the eat-by time shows on the first step.
  const recent = sriLankaParts(new Date(Date.now() - 30 * 60_000))
  await page.getByLabel(si('listings.clock.preparedAt')).fill(`${recent.date}T${recent.time}`)
  await expect(refusal).toHaveCount(0)
  const eatBy = sriLankaParts(new Date(Date.now() - 30 * 60_000 + 2 * 3_600_000))
  await expect(page.getByText(new RegExp(`${eatBy.time.slice(0, 2)}.${eatBy.time.slice(3)}`))).toBeVisible()
  await page.locator('input[type=file]').setInputFiles('e2e/fixtures/photo.jpg')
  await expect(page.locator('form img').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/cooked-clock-si-eat-by.png', fullPage: true })
  await page.getByRole('button', { name: si('donate.next') }).click()

  await expect(page.getByRole('heading', { name: si('donate.steps.pickup') })).toBeVisible()
  const expiry = sriLankaParts(new Date(Date.now() + 26 * 3_600_000))
  await page.getByLabel(si('listings.fields.pickupAddress')).fill('12 කඳු වීදිය')
  await page.getByRole('textbox', { name: si('listings.fields.city'), exact: true }).fill('දෙහිවල')
  await page.getByLabel(si('listings.fields.expiryDate')).fill(expiry.date)
  await page.getByLabel(si('listings.fields.expiryTime')).fill(expiry.time)
  await page.getByRole('button', { name: si('donate.next') }).click()
  for (const check of ['freshness', 'properStorage', 'hygieneStandards', 'labelingComplete']) {
    await page.getByLabel(si(`donate.safety.${check}.title`)).check()
  }
  await page.getByRole('button', { name: si('donate.next') }).click()
  await expect(page.getByRole('heading', { name: si('donate.steps.review') })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: eatBy.time.slice(3) })).toBeVisible()
  await page.screenshot({ path: 'test-results/cooked-clock-si-review.png', fullPage: true })
  await donor.context.close()
})
