import { expect, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { scrollThrough } from './fixtures/scroll'

/** Within 2 s of the change, without a reload (docs/decisions/0063-live-listings.md). */
const LIVE = { timeout: 2_000 }

test('a Tamil visitor’s open Find Food, home page and listing page show food posted, edited and closed in another browser', async ({
  browser,
}) => {
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await visitorContext.addInitScript(() => localStorage.setItem('ahara.language', 'ta'))
  const findFood = await visitorContext.newPage()
  const home = await visitorContext.newPage()
  const listingPage = await visitorContext.newPage()
  await findFood.goto('/find-food')
  await home.goto('/')
  await expect(findFood.locator('main article').first()).toBeVisible()
  await expect(home.locator('main h1').first()).toBeVisible()
  await scrollThrough(home)

  const donor = await newAccount(browser, 'donor', 'Tharshini Live')
  const title = `தோசை ${Date.now()}`
  const id = await postListing(donor.request, { title })
  await expect(findFood.getByText(title)).toBeVisible(LIVE)
  await expect(home.getByText(title)).toBeVisible(LIVE)

  await listingPage.goto(`/listings/${id}`)
  await expect(listingPage.getByRole('heading', { name: title })).toBeVisible()
  const listing = (await (await donor.request.get(`/api/listings/${id}`)).json()) as Record<string, unknown>
  const edited = `${title} சாம்பாருடன்`
  const res = await donor.request.patch(`/api/listings/${id}`, {
    headers: fromApp,
    data: editBody(listing, { title: edited }),
  })
  expect(res.status(), await res.text()).toBe(200)
  await expect(findFood.getByText(edited)).toBeVisible(LIVE)
  await expect(listingPage.getByRole('heading', { name: edited })).toBeVisible(LIVE)

  // The donor closes it by hand: it stops being offered on the open pages.
  const version = ((await (await donor.request.get(`/api/listings/${id}`)).json()) as { version: number })
    .version
  const closed = await donor.request.patch(`/api/listings/${id}`, {
    headers: fromApp,
    data: editBody({ ...listing, version }, { title: edited, status: 'completed' }),
  })
  expect(closed.status(), await closed.text()).toBe(200)
  await expect(home.getByText(edited)).toBeHidden(LIVE)
  await visitorContext.close()
  await donor.context.close()
})

test('a page whose stream is refused (429: its address opened too many) reads Find Food again every 30 s', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await context.route('**/api/stream', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: '{"error":{"code":"rate_limited","message":"x"}}',
    }),
  )
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/find-food')
  await expect(page.locator('main article').first()).toBeVisible()
  const donor = await newAccount(browser, 'donor', 'Polling Donor')
  const title = `Pol roti ${Date.now()}`
  await postListing(donor.request, { title })
  await page.clock.fastForward(5_000)
  await expect(page.getByText(title)).toHaveCount(0)
  await page.clock.fastForward(30_000)
  await expect(page.getByText(title)).toBeVisible()
  await context.close()
  await donor.context.close()
})

/** The PATCH body from the listing as GET answers it: every editable field, with `changes`. */
function editBody(listing: Record<string, unknown>, changes: Record<string, unknown>) {
  const expires = new Date(String(listing.expiresAt))
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Colombo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(expires)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  const category = listing.category as { id: string } | undefined
  return {
    title: listing.title,
    categoryId: category?.id ?? listing.categoryId,
    description: listing.description,
    quantity: listing.quantity,
    type: listing.type,
    allergens: listing.allergens,
    pickupAddress: listing.pickupAddress,
    pickupCity: listing.pickupCity,
    pickupDistrict: listing.pickupDistrict,
    expiryDate: `${part('year')}-${part('month')}-${part('day')}`,
    expiryTime: `${part('hour')}:${part('minute')}`,
    deliveryRequested: false,
    imageUrls: listing.imageUrls,
    safetyChecklist: listing.safetyChecklist,
    version: listing.version,
    ...changes,
  }
}
