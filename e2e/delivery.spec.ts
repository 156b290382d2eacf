import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { type Account, type AccountOptions, newAccount } from './fixtures/accounts'
import { chooseLanguage, LANGUAGES, translator } from './fixtures/languages'
import { postListing, soonDelivery, soonPickup } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { measurePhoneScreen } from './fixtures/phone-checks'

/** Donors give a landline, the others a mobile: the volunteer's card shows both. */
const account = (
  browser: Browser,
  role: 'donor' | 'recipient' | 'volunteer',
  name: string,
  options: AccountOptions = {},
) => newAccount(browser, role, name, { phone: role === 'donor' ? '0112345678' : '0771112223', ...options })

/** A delivery is part of an order (docs/decisions/0027-delivery-is-part-of-an-order.md). */

/** Free food in Negombo, Gampaha. */
const postGampahaListing = (donor: Account, title: string, quantity: number) =>
  postListing(donor.request, {
    title,
    quantity,
    pickupAddress: '3 Church Road',
    pickupCity: 'Negombo',
    pickupDistrict: 'Gampaha',
  })

const remaining = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/listings/${id}`)).json()).quantity as number

// The delivery's journey in each language, each of the three choosing it with the header's switcher.
for (const language of LANGUAGES) {
  const t = translator(language)
  test(`in ${language}: requested with a quantity, approved by the donor, accepted, picked up and delivered, in order`, async ({
    browser,
  }) => {
    const title = `Kiribath ${language} ${Date.now()}`
    const donor = await account(browser, 'donor', 'Delivery Donor', { district: 'Gampaha' })
    const recipient = await account(browser, 'recipient', 'Delivery Recipient')
    const volunteer = await account(browser, 'volunteer', 'Delivery Volunteer')
    const listingId = await postGampahaListing(donor, title, 5)

    // 1. The recipient asks for 2 portions delivered: they are reserved at once.
    await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
    await chooseLanguage(recipient.page, language)
    await recipient.page
      .getByRole('article', { name: title })
      .getByRole('button', { name: t('find-food.actions.delivery') })
      .click()
    const ask = recipient.page.getByRole('dialog', { name: t('orders.deliveryTitle') })
    await ask.getByRole('button', { name: t('orders.more') }).click()
    await ask.getByLabel(t('orders.fields.address')).fill('7 Flower Road')
    await ask.getByRole('textbox', { name: t('orders.fields.city'), exact: true }).fill('Kollupitiya')
    await ask.getByLabel(t('auth.fields.district')).selectOption('Colombo')
    // The first time the food allows is chosen already; only those are offered.
    await expect(ask.getByLabel(t('orders.fields.deliveryTime'))).not.toHaveValue('')
    await ask.getByRole('button', { name: t('orders.deliverySubmit') }).click()
    await expect(ask.getByText(t('orders.deliverySuccess', { count: 2 }))).toBeVisible()
    await ask.getByRole('button', { name: t('orders.done') }).click()
    expect(await remaining(recipient.request, listingId)).toBe(3)

    // Volunteers are not offered it before the donor approves.
    const mine = (await (await recipient.request.get('/api/deliveries?as=requester')).json()).items
    const asked = mine.find((d: { listing: { id: string } }) => d.listing.id === listingId)
    const [deliveryId, orderId] = [asked.id as string, asked.order.id as string]
    const early = await volunteer.request.post(`/api/deliveries/${deliveryId}/accept`, { headers: fromApp })
    expect(early.status()).toBe(409)
    await recipient.page.goto('/dashboard/recipient?tab=deliveries')
    const requested = recipient.page.locator(`[data-delivery="${deliveryId}"]`)
    await expect(requested.getByText(t('dashboards.recipient.awaitingApproval'))).toBeVisible()

    // 2. The donor approves it like any order, marked "with delivery".
    await donor.page.goto('/dashboard/donor?tab=claims')
    const row = donor.page.getByRole('row').filter({ hasText: title })
    await expect(row).toBeVisible()
    await chooseLanguage(donor.page, language)
    await expect(row.getByText(t('dashboards.claims.withDelivery'))).toBeVisible()
    await row.getByRole('button', { name: t('dashboards.claims.approve') }).click()
    await expect(row.locator('[data-status="confirmed"]')).toBeVisible()
    await expect(row.getByRole('button', { name: t('handover.confirm') })).toHaveCount(0)

    // 3. The volunteer sees the route, the distance, the time, the fee and the size, then accepts.
    const page = volunteer.page
    await page.goto('/dashboard/volunteer?tab=available')
    const card = page.locator(`[data-delivery="${deliveryId}"]`)
    await expect(card).toBeVisible()
    await chooseLanguage(page, language)
    await expect(card.locator('[data-route]')).toContainText(`Negombo, ${t('districts.Gampaha')}`)
    await expect(card.locator('[data-route]')).toContainText(`Kollupitiya, ${t('districts.Colombo')}`)
    await expect(card.getByText(`(${t('dashboards.volunteer.distance', { km: 25 })})`)).toBeVisible()
    await expect(card.getByText(t('dashboards.servings', { count: 2, n: 2 }))).toBeVisible()
    await expect(card.getByText('3 Church Road')).toHaveCount(0)
    await card.getByRole('button', { name: t('dashboards.volunteer.accept') }).click()
    await expect(page.getByText(t('dashboards.volunteer.done.accept', { city: 'Kollupitiya' }))).toBeVisible()

    // 4. Both addresses and both contacts; the steps in order: no completing before the pick-up.
    await page.goto('/dashboard/volunteer?tab=my-deliveries')
    const active = page.locator(`[data-delivery="${deliveryId}"]`)
    await expect(active.getByText('3 Church Road, Negombo')).toBeVisible()
    await expect(active.getByRole('link', { name: '011 234 5678' })).toHaveAttribute(
      'href',
      'tel:+94112345678',
    )
    await expect(active.getByText('7 Flower Road, Kollupitiya')).toBeVisible()
    await expect(active.getByRole('link', { name: '077 111 2223' })).toHaveAttribute(
      'href',
      'tel:+94771112223',
    )
    await expect(active.getByRole('button', { name: t('dashboards.volunteer.handBack') })).toBeVisible()
    await expect(active.getByRole('button', { name: t('dashboards.volunteer.markComplete') })).toHaveCount(0)
    const skip = await volunteer.request.post(`/api/deliveries/${deliveryId}/complete`, { headers: fromApp })
    expect(skip.status()).toBe(409)
    expect((await skip.json()).error.message).toBe('Mark the food as picked up before marking it delivered.')
    await active.getByRole('button', { name: t('dashboards.volunteer.pickedUp') }).click()
    await expect(active.getByRole('button', { name: t('dashboards.volunteer.handBack') })).toHaveCount(0)

    // At the door the recipient shows the pickup code of their order; the volunteer types it.
    const code = (await (await recipient.request.get(`/api/claims/${orderId}`)).json()).pickupCode as string
    await active.getByRole('button', { name: t('dashboards.volunteer.markComplete') }).click()
    const dropOff = page.getByRole('dialog', { name: t('dashboards.volunteer.markComplete') })
    const codeField = dropOff.getByLabel(t('handover.code'), { exact: true })
    await expect(codeField).toHaveAttribute('inputmode', 'numeric')
    await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
    await dropOff.getByRole('button', { name: t('dashboards.volunteer.markComplete') }).click()
    await expect(dropOff.getByText(t('handover.errors.wrongPickupCode'))).toBeVisible()
    await codeField.fill(code)
    await dropOff.getByRole('button', { name: t('dashboards.volunteer.markComplete') }).click()
    await expect(
      page.getByText(t('dashboards.volunteer.done.complete', { city: 'Kollupitiya' })),
    ).toBeVisible()
    expect((await (await recipient.request.get(`/api/claims/${orderId}`)).json()).handoverVerified).toBe(true)

    // 5. The recipient sees it delivered; the order is completed with it.
    await recipient.page.goto('/dashboard/recipient?tab=deliveries')
    await expect(requested.locator('[data-status="completed"]')).toBeVisible()
    await recipient.page.goto('/dashboard/recipient?tab=claims')
    await expect(
      recipient.page.getByRole('row').filter({ hasText: title }).getByText(t('statuses.order.completed')),
    ).toBeVisible()

    await Promise.all([
      donor.page.context().close(),
      recipient.page.context().close(),
      page.context().close(),
    ])
  })
}

test('an open claim dialog stays and says so when someone else takes the last portion', async ({
  browser,
}) => {
  const title = `Last kiribath ${Date.now()}`
  const donor = await account(browser, 'donor', 'Race Donor')
  const slow = await account(browser, 'recipient', 'Slow Recipient')
  const fast = await account(browser, 'recipient', 'Fast Recipient')
  const listingId = await postGampahaListing(donor, title, 1)

  await slow.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await slow.page
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Claim Free Food' })
    .click()
  const dialog = slow.page.getByRole('dialog', { name: 'Claim Free Food' })

  const taken = await fast.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: {
      quantity: 1,
      ...soonPickup(),
      contactMethod: 'phone',
      phone: '0771234567',
    },
  })
  expect(taken.status()).toBe(201)

  // The card leaves the list; the dialog stays and tells why.
  await expect(slow.page.getByRole('article', { name: title })).toHaveCount(0)
  await expect(dialog.getByText('This food is no longer available.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Claim Food' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  await Promise.all([donor.page.context().close(), slow.page.context().close(), fast.page.context().close()])
})

test('the one who takes the last portion keeps the success text until closing; a 409 says the food is gone', async ({
  browser,
}) => {
  const title = `Last lamprais ${Date.now()}`
  const donor = await account(browser, 'donor', 'Winner Donor')
  const winner = await account(browser, 'recipient', 'Winner')
  const listingId = await postGampahaListing(donor, title, 1)

  await winner.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await winner.page
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Claim Free Food' })
    .click()
  const dialog = winner.page.getByRole('dialog', { name: 'Claim Free Food' })
  await dialog.getByRole('button', { name: 'Claim Food' }).click()
  await expect(dialog.getByText(/Successfully claimed 1 portion/)).toBeVisible()
  await expect(winner.page.getByRole('article', { name: title })).toHaveCount(0)
  await winner.page.waitForTimeout(2500)
  await expect(dialog.getByText(/Successfully claimed 1 portion/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()

  // Asking for delivery of food that is gone answers the same sentence.
  const late = await winner.request.post(`/api/listings/${listingId}/deliveries`, {
    headers: fromApp,
    data: {
      quantity: 1,
      address: '1 Lake Road',
      city: 'Colombo 02',
      district: 'Colombo',
      ...soonDelivery(),
      phone: '0771234567',
    },
  })
  expect(late.status()).toBe(409)
  expect((await late.json()).error.message).toBe('This food is no longer available.')

  await Promise.all([donor.page.context().close(), winner.page.context().close()])
})

for (const language of ['si', 'ta'] as const) {
  test(`the volunteer's card and the delivery dialog fit a 360 px phone in ${language}`, async ({
    browser,
  }) => {
    const title = `Pittu ${language} ${Date.now()}`
    const donor = await account(browser, 'donor', 'Phone Donor', { district: 'Gampaha' })
    const recipient = await account(browser, 'recipient', 'Phone Recipient', { language })
    const volunteer = await account(browser, 'volunteer', 'Phone Volunteer', { language })
    const listingId = await postGampahaListing(donor, title, 4)

    await recipient.page.setViewportSize({ width: 360, height: 740 })
    await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
    await expect(recipient.page.locator('html')).toHaveAttribute('lang', language)
    await recipient.page.getByRole('article', { name: title }).getByRole('button').nth(1).click()
    const dialog = recipient.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expectFits(recipient.page)
    await recipient.page.screenshot({ path: `test-results/delivery-dialog-${language}.png`, fullPage: true })

    const res = await recipient.request.post(`/api/listings/${listingId}/deliveries`, {
      headers: fromApp,
      data: {
        quantity: 3,
        address: '7 Flower Road',
        city: 'Kollupitiya',
        district: 'Colombo',
        ...soonDelivery(),
        phone: '0771112223',
        urgent: true,
      },
    })
    const { id, order } = await res.json()
    await donor.request.post(`/api/claims/${order.id}/approve`, { headers: fromApp })

    const page = volunteer.page
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/dashboard/volunteer?tab=available')
    await expect(page.locator(`[data-delivery="${id}"]`)).toBeVisible()
    await expectFits(page)
    await page
      .locator(`[data-delivery="${id}"]`)
      .screenshot({ path: `test-results/delivery-offer-${language}.png` })
    await page.locator(`[data-delivery="${id}"]`).getByRole('button').click()
    await page.goto('/dashboard/volunteer?tab=my-deliveries')
    await expect(page.locator(`[data-delivery="${id}"] [data-step="pick-up"]`)).toBeVisible()
    await expectFits(page)
    await page
      .locator(`[data-delivery="${id}"]`)
      .screenshot({ path: `test-results/delivery-mine-${language}.png` })

    await Promise.all([
      donor.page.context().close(),
      recipient.page.context().close(),
      page.context().close(),
    ])
  })
}

/** Nothing wider than the screen, and no text sticking out of its button or box. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect((await page.evaluate(measurePhoneScreen)).sideways).toEqual([])
}
