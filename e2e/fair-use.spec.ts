import { expect, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { type Account, newAccount } from './fixtures/accounts'
import { firstCategoryId, uploadPhoto } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

/** Fair use (src/shared/fair-use.ts, docs/decisions/0038-trust-ratings-fair-use.md). */

async function postListing(donor: Account, title: string, imageUrl: string, categoryId: string) {
  const expiry = sriLankaParts(new Date(Date.now() + 30 * 3_600_000))
  const res = await donor.request.post('/api/listings', {
    headers: fromApp,
    data: {
      title,
      categoryId,
      description: 'Cooked this morning.',
      quantity: 5,
      type: 'free',
      allergens: [],
      pickupAddress: '4 Temple Road',
      pickupCity: 'Kandy',
      pickupDistrict: 'Kandy',
      expiryDate: expiry.date,
      expiryTime: expiry.time,
      deliveryRequested: false,
      imageUrls: [imageUrl],
      safetyChecklist: {
        freshness: true,
        properStorage: true,
        hygieneStandards: true,
        labelingComplete: true,
      },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).id as string
}

test('the claim dialog shows the limits and the usage; a fourth open order is refused with its reason', async ({
  browser,
}) => {
  const stamp = Date.now()
  const donor = await newAccount(browser, 'donor', 'Fair Use Donor', { district: 'Kandy' })
  const recipient = await newAccount(browser, 'recipient', 'Fair Use Recipient', { district: 'Kandy' })
  const imageUrl = await uploadPhoto(donor.request, '#4d7c0f')
  const categoryId = await firstCategoryId(donor.request)
  const pickup = sriLankaParts(new Date(Date.now() + 2 * 3_600_000))
  for (let i = 1; i <= 3; i++) {
    const id = await postListing(donor, `Fair share ${i} ${stamp}`, imageUrl, categoryId)
    const claimed = await recipient.request.post(`/api/listings/${id}/claims`, {
      headers: fromApp,
      data: {
        quantity: 1,
        pickupDate: pickup.date,
        pickupTime: pickup.time,
        contactMethod: 'phone',
        phone: '0771234567',
      },
    })
    expect(claimed.status(), await claimed.text()).toBe(201)
  }
  const fourth = `Fair share 4 ${stamp}`
  await postListing(donor, fourth, imageUrl, categoryId)

  const page = recipient.page
  await page.goto(`/find-food?q=${encodeURIComponent(fourth)}`)
  await page.getByRole('article', { name: fourth }).getByRole('button', { name: 'Claim Free Food' }).click()
  const dialog = page.getByRole('dialog')
  const limits = dialog.locator('[data-fair-use]')
  await expect(limits.getByText('Your open orders: 3 of at most 3 at once')).toBeVisible()
  await expect(limits.getByText('Free portions you took today: 3 of at most 10 a day')).toBeVisible()
  await expect(limits.getByText(/You already have 3 open orders/)).toBeVisible()
  await dialog.locator('button[type="submit"]').click()
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: /You already have 3 open orders/ })
      .first(),
  ).toBeVisible()
  await donor.context.close()
  await recipient.context.close()
})
