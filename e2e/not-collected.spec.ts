import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { measurePhoneScreen } from './fixtures/phone-checks'

/**
 * "Not collected" on the donor's Food Claims tab. Orders are only placed for a future pickup and the
 * server reads the real clock, so no order here is ever over-due: the browser's clock is moved past
 * the pickup window instead. The button then shows, its confirmation opens, and the server (still in
 * the present) refuses with its clear message; the successful path is covered by the API tests
 * (src/server/features/orders/not-collected.test.ts).
 */
const HOUR = 3_600_000

/** A donor's listing claimed by a recipient for half an hour from now, and approved. */
async function approvedClaim(donor: Page, recipient: Page, title: string): Promise<Date> {
  const listingId = await postListing(donor.request, { title })
  const pickupAt = new Date(Date.now() + 30 * 60_000)
  const { date, time } = sriLankaParts(pickupAt)
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 2, pickupDate: date, pickupTime: time, contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  const approve = await donor.request.post(`/api/claims/${(await claim.json()).id}/approve`, {
    headers: fromApp,
  })
  expect(approve.status()).toBe(200)
  return pickupAt
}

let donor: { context: BrowserContext; page: Page }
let pickupAt: Date

test.beforeAll(async ({ browser }) => {
  donor = await newAccount(browser, 'donor', 'Sunil Donor')
  const recipient = await newAccount(browser, 'recipient', 'Malini Recipient')
  pickupAt = await approvedClaim(donor.page, recipient.page, `Lamprais ${Date.now()}`)
  await recipient.context.close()
})

test('the donor sees "Not collected" only once the pickup window is over, and confirms first', async () => {
  const page = donor.page
  await page.goto('/dashboard/donor?tab=claims')
  const row = page.getByRole('row', { name: /Malini Recipient/ })
  await expect(row.getByText('✓ Approved')).toBeVisible()
  await expect(row.getByRole('button', { name: 'Confirm pickup' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Not collected' })).toHaveCount(0)

  // Two hours after the pickup: the window (one hour) is over.
  await page.clock.setFixedTime(new Date(pickupAt.getTime() + 2 * HOUR))
  await page.reload()
  await row.getByRole('button', { name: 'Not collected' }).click()
  const dialog = page.getByRole('dialog', { name: 'Not collected?' })
  await expect(dialog).toContainText('Choose this only if Malini Recipient did not come for the food.')
  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByText('✓ Approved')).toBeVisible()

  await row.getByRole('button', { name: 'Not collected' }).click()
  await dialog.getByRole('button', { name: 'Yes, not collected' }).click()
  // The server reads the real clock: for it, the pickup is still ahead.
  await expect(
    page.getByText(
      'Failed to mark the claim as not collected: The pickup time is not over yet: the recipient may still come.',
      { exact: false },
    ),
  ).toBeVisible()
  await expect(row.getByText('✓ Approved')).toBeVisible()
})

for (const { lang, locale, button } of [
  { lang: 'si', locale: 'si-LK', button: 'රැගෙන ගියේ නැත' },
  { lang: 'ta', locale: 'ta-LK', button: 'பெற்றுக்கொள்ளப்படவில்லை' },
]) {
  test(`the button and its confirmation at 360 px (${lang})`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale,
      storageState: await donor.context.storageState(),
    })
    const page = await context.newPage()
    await page.clock.setFixedTime(new Date(pickupAt.getTime() + 2 * HOUR))
    await page.goto('/dashboard/donor?tab=claims')
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    const trigger = page.getByRole('row', { name: /Malini Recipient/ }).getByRole('button', { name: button })
    await expect(trigger).toBeVisible()
    const box = await trigger.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    expect(box!.width).toBeGreaterThanOrEqual(44)

    await trigger.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    const path = testInfo.outputPath(`${lang}-not-collected-dialog.png`)
    await page.screenshot({ path })
    await testInfo.attach(`${lang}-not-collected-dialog`, { path, contentType: 'image/png' })
    const report = await page.evaluate(measurePhoneScreen)
    expect(report.small).toEqual([])
    expect(report.sideways).toEqual([])
    // Both choices fit side by side or wrap, inside the screen.
    for (const choice of await dialog.getByRole('button').all()) {
      const b = (await choice.boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width).toBeLessThanOrEqual(360)
    }
    await context.close()
  })
}
