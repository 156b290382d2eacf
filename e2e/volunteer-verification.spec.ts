import { type Browser, expect, type Page, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { type Account, DEMO_MODERATOR, DEMO_PASSWORD, newAccount, signUpAndIn } from './fixtures/accounts'
import { firstCategoryId, soonDelivery, uploadPhoto } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

/** Verified volunteers (docs/decisions/0038-trust-ratings-fair-use.md). */

/** Free food in Galle, posted through the API. */
async function postListing(donor: Account, title: string): Promise<string> {
  const expiry = sriLankaParts(new Date(Date.now() + 30 * 3_600_000))
  const res = await donor.request.post('/api/listings', {
    headers: fromApp,
    data: {
      title,
      categoryId: await firstCategoryId(donor.request),
      description: 'Cooked this morning.',
      quantity: 4,
      type: 'free',
      allergens: [],
      pickupAddress: '9 Lighthouse Street',
      pickupCity: 'Galle Fort',
      pickupDistrict: 'Galle',
      expiryDate: expiry.date,
      expiryTime: expiry.time,
      deliveryRequested: false,
      imageUrls: [await uploadPhoto(donor.request, '#0e7490')],
      safetyChecklist: {
        freshness: true,
        properStorage: true,
        hygieneStandards: true,
        labelingComplete: true,
      },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).id
}

/** A delivery of the donor's food asked by the recipient and approved by the donor: waiting for a volunteer. */
async function waitingDelivery(browser: Browser, title: string): Promise<string> {
  const donor = await newAccount(browser, 'donor', 'Verification Donor', { district: 'Galle' })
  const recipient = await newAccount(browser, 'recipient', 'Verification Recipient', { district: 'Galle' })
  const listingId = await postListing(donor, title)
  const asked = await recipient.request.post(`/api/listings/${listingId}/deliveries`, {
    headers: fromApp,
    data: {
      quantity: 1,
      address: '21 Secret Lane',
      city: 'Unawatuna',
      district: 'Galle',
      ...soonDelivery(),
      phone: '0775550101',
      specialInstructions: 'Ring twice at the green door',
      urgent: false,
    },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  const { id, order } = await asked.json()
  const approved = await donor.request.post(`/api/claims/${order.id}/approve`, { headers: fromApp })
  expect(approved.status(), await approved.text()).toBe(200)
  await donor.context.close()
  await recipient.context.close()
  return id
}

async function signInAsModerator(browser: Browser, locale?: string): Promise<Page> {
  const context = await browser.newContext(locale ? { viewport: { width: 360, height: 740 }, locale } : {})
  if (locale) {
    await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), locale.slice(0, 2))
  }
  const res = await context.request.post('/api/sessions', {
    headers: fromApp,
    data: { email: DEMO_MODERATOR, password: DEMO_PASSWORD },
  })
  expect(res.status(), await res.text()).toBe(200)
  return context.newPage()
}

test('a new volunteer waits, sees no contacts and cannot accept; a moderator verifies them; then they accept', async ({
  browser,
}) => {
  const title = `Verified rice ${Date.now()}`
  const deliveryId = await waitingDelivery(browser, title)
  const volunteer = await newAccount(browser, 'volunteer', `Nadeesha Pending ${Date.now()}`, {
    district: 'Galle',
    verified: false,
  })

  // 1. The explanation and what happens next; the delivery by area, time, fee and size only; no Accept.
  const page = volunteer.page
  await page.goto('/dashboard/volunteer?tab=available')
  const notice = page.locator('[data-verification="pending"]')
  await expect(notice.getByText('Your volunteer account is waiting for verification')).toBeVisible()
  await expect(notice.getByText(/What happens next: a moderator looks at your profile/)).toBeVisible()
  const card = page.locator(`[data-delivery="${deliveryId}"]`)
  await expect(card).toContainText('Unawatuna')
  await expect(card).not.toContainText('21 Secret Lane')
  await expect(card).not.toContainText('Ring twice')
  await expect(card).not.toContainText('077 555 0101')
  await expect(card.getByRole('button', { name: 'Accept Delivery' })).toHaveCount(0)
  await expect(card.getByText('You can accept deliveries once you are verified.')).toBeVisible()
  // The server refuses it too.
  const refused = await volunteer.request.post(`/api/deliveries/${deliveryId}/accept`, { headers: fromApp })
  expect(refused.status()).toBe(403)

  // 2. A moderator verifies them from the Volunteers tab, which shows phone, district and account age.
  const moderator = await signInAsModerator(browser)
  await moderator.goto('/moderation?tab=volunteers')
  const entry = moderator.locator(`[data-volunteer="${volunteer.email}"]`)
  await expect(entry.getByText('077 123 4567')).toBeVisible()
  await expect(entry.getByText('Galle', { exact: false }).first()).toBeVisible()
  await expect(entry.getByText(/made on .* \(0 days ago\)/)).toBeVisible()
  await entry.getByRole('button', { name: 'Verify' }).click()
  await expect(
    moderator.getByText(`${volunteer.name} is verified and can now accept deliveries.`),
  ).toBeVisible()
  await expect(entry).toHaveCount(0)
  await moderator.goto('/moderation?tab=audit')
  await expect(moderator.locator('main').getByText(volunteer.name).first()).toBeVisible()
  await moderator.context().close()

  // 3. The volunteer is told, and can accept.
  await page.goto('/dashboard/volunteer?tab=available')
  await expect(page.locator('[data-verification]')).toHaveCount(0)
  await page.getByRole('button', { name: /^Notifications/ }).click()
  await expect(page.getByText('You are a verified volunteer')).toBeVisible()
  await page.keyboard.press('Escape')
  await page
    .locator(`[data-delivery="${deliveryId}"]`)
    .getByRole('button', { name: 'Accept Delivery' })
    .click()
  await expect(page.getByText(/Delivery accepted/)).toBeVisible()
  await page.goto('/dashboard/volunteer?tab=my-deliveries')
  await expect(
    page.locator(`[data-delivery="${deliveryId}"]`).getByText('21 Secret Lane, Unawatuna'),
  ).toBeVisible()
  await volunteer.context.close()
})

for (const phone of [
  { lang: 'si', locale: 'si-LK' },
  { lang: 'ta', locale: 'ta-LK' },
] as const) {
  test(`at 360 px in ${phone.lang}: the pending volunteer's dashboard, the Volunteers tab and the refuse dialog`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: phone.locale })
    await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), phone.lang)
    const page = await context.newPage()
    const name = `Phone Volunteer ${phone.lang} ${Date.now()}`
    const email = await signUpAndIn(page, 'volunteer', name, {
      district: 'Galle',
      phone: '0771234567',
      verified: false,
    })
    await page.goto('/dashboard/volunteer?tab=available')
    await expect(page.locator('[data-verification="pending"]')).toBeVisible()
    await checkPhone(page, testInfo, `${phone.lang}-pending-dashboard`)

    const moderator = await signInAsModerator(browser, phone.locale)
    await moderator.goto('/moderation?tab=volunteers')
    const entry = moderator.locator(`[data-volunteer="${email}"]`)
    await expect(entry).toBeVisible()
    await checkPhone(moderator, testInfo, `${phone.lang}-volunteers-tab`)
    await entry.getByRole('button').nth(1).click()
    const dialog = moderator.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await checkPhone(moderator, testInfo, `${phone.lang}-refuse-dialog`)
    await dialog.getByRole('textbox').fill('The phone number did not answer')
    await dialog.locator('button[type="submit"]').click()
    await expect(entry).toHaveCount(0)
    await moderator.context().close()

    await page.reload()
    await expect(page.locator('[data-verification="refused"]')).toContainText(
      'The phone number did not answer',
    )
    await checkPhone(page, testInfo, `${phone.lang}-refused-dashboard`)
    await context.close()
  })
}
