import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { sriLankaInstant, sriLankaParts } from '../src/shared/sri-lanka-time'
import { signUpAndIn } from './fixtures/accounts'
import { firstCategoryId, uploadPhoto } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

const PASSWORD = 'ahara-demo-2026'
const TITLE = 'Pol roti & "lunu miris" <for 10>'

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/sessions', { headers: fromApp, data: { email, password: PASSWORD } })
  expect(res.ok()).toBe(true)
}

/** Free food with two photos and two allergens, its one-hour pickup window starting in an hour (or tomorrow at 09:00). */
async function postListing(
  page: Page,
): Promise<{ id: string; imageUrls: string[]; pickupTimeStart: string }> {
  await signIn(page.request, 'nimal@demo.ahara.lk')
  const images = [await uploadPhoto(page.request, '#15803d'), await uploadPhoto(page.request, '#b45309')]
  const categoryId = await firstCategoryId(page.request)
  // An hour from now, unless that hour would run past midnight in Sri Lanka (the claim dialog offers
  // one date's times): then tomorrow at 09:00.
  let startAt = new Date(Date.now() + 3_600_000)
  if (sriLankaParts(startAt).time > '23:00') {
    startAt = sriLankaInstant(sriLankaParts(new Date(startAt.getTime() + 12 * 3_600_000)).date, '09:00')
  }
  const start = sriLankaParts(startAt)
  const expiry = sriLankaParts(new Date(startAt.getTime() + 5 * 3_600_000))
  const res = await page.request.post('/api/listings', {
    headers: fromApp,
    data: {
      title: TITLE,
      categoryId,
      description: 'Fresh pol roti with lunu miris, made at noon.',
      quantity: 10,
      type: 'free',
      allergens: ['gluten', 'peanuts', 'tree_nuts'],
      preparationNotes: 'Keep covered; eat today.',
      pickupAddress: '12 Galle Road',
      pickupCity: 'Dehiwala',
      pickupDistrict: 'Colombo',
      pickupDate: start.date,
      pickupTimeStart: start.time,
      expiryDate: expiry.date,
      expiryTime: expiry.time,
      deliveryRequested: false,
      imageUrls: images,
      safetyChecklist: {
        freshness: true,
        properStorage: true,
        hygieneStandards: true,
        labelingComplete: true,
      },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  await page.context().clearCookies()
  return res.json()
}

test('a recipient opens a listing from its card, sees its photos and allergens and claims it from the page', async ({
  page,
}) => {
  const listing = await postListing(page)
  await page.context().clearCookies()
  // A new recipient: the demo's already hold the most open orders fair use allows.
  await signUpAndIn(page, 'recipient', 'E2E Listing Page')

  await page.goto(`/find-food?q=${encodeURIComponent('Pol roti')}`)
  const card = page.getByRole('article', { name: TITLE })
  await expect(card.getByText('Peanuts')).toBeVisible()
  await card.getByRole('link', { name: TITLE }).click()
  await expect(page).toHaveURL(`/listings/${listing.id}`)
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()

  // Photos: arrows, thumbnails and the keyboard move through them.
  const photo = page.getByTestId('listing-photo')
  await expect(photo).toHaveAttribute('src', listing.imageUrls[0]!)
  await page.getByRole('button', { name: 'Next photo' }).click()
  await expect(photo).toHaveAttribute('src', listing.imageUrls[1]!)
  await photo.press('ArrowRight')
  await expect(photo).toHaveAttribute('src', listing.imageUrls[0]!)
  await page.getByRole('button', { name: 'Photo 2 of 2' }).click()
  await expect(photo).toHaveAttribute('alt', 'Photo 2 of 2')

  const allergens = page.getByRole('list', { name: 'Allergens' })
  await expect(allergens.getByRole('listitem')).toHaveText(['Gluten', 'Tree nuts', 'Peanuts'])
  await expect(page.getByText('Keep covered; eat today.')).toBeVisible()
  await expect(page.getByText('10 servings left of 10')).toBeVisible()
  await expect(page.getByText('Nimal Perera').first()).toBeVisible()

  // The dialog offers the window's times only.
  await page.getByRole('button', { name: 'Claim Free Food' }).click()
  const dialog = page.getByRole('dialog', { name: 'Claim Free Food' })
  const pickupTimes = dialog.getByLabel('Pickup time').locator('option')
  await expect(pickupTimes.first()).toHaveText(listing.pickupTimeStart)
  const times = await pickupTimes.allTextContents()
  expect(times[0]).toBe(listing.pickupTimeStart)
  expect(times.length).toBeGreaterThanOrEqual(4)
  expect(times.length).toBeLessThanOrEqual(5)
  await dialog.getByLabel('Pickup time').selectOption(times[2]!)
  await dialog.getByRole('button', { name: 'Claim Food' }).click()
  await expect(dialog.getByText(/Successfully claimed 1 portion/)).toBeVisible()
  await expect(page.getByText('9 servings left of 10')).toBeVisible()

  const claims = (await (await page.request.get('/api/claims')).json()) as {
    items: { listing: { id: string }; pickupAt: string }[]
  }
  const mine = claims.items.find((c) => c.listing.id === listing.id)!
  expect(sriLankaParts(mine.pickupAt).time).toBe(times[2])
})

test('a signed-out visitor is sent to sign in and back to the listing with the claim to reopen', async ({
  page,
}) => {
  const listing = await postListing(page)
  await page.context().clearCookies()
  await page.goto(`/listings/${listing.id}`)
  await page.getByRole('button', { name: 'Claim Free Food' }).click()
  const back = `/listings/${listing.id}?claim=${listing.id}`
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute(
    'href',
    `/auth?next=${encodeURIComponent(back)}`,
  )
})

test('a listing page carries its preview tags; an unknown id gets the not-found page', async ({
  page,
  request,
}) => {
  const listing = await postListing(page)
  const res = await request.get(`/listings/${listing.id}`)
  expect(res.status()).toBe(200)
  const html = await res.text()
  const url = `http://localhost:${process.env.E2E_PORT ?? 3100}/listings/${listing.id}`
  const escapedTitle = 'Pol roti &amp; &quot;lunu miris&quot; &lt;for 10&gt; · Ahara'
  expect(html).toContain(`<title>${escapedTitle}</title>`)
  expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`)
  expect(html).toContain(
    '<meta property="og:description" content="Fresh pol roti with lunu miris, made at noon." />',
  )
  expect(html).toContain(
    `<meta property="og:image" content="http://localhost:${process.env.E2E_PORT ?? 3100}${listing.imageUrls[0]}" />`,
  )
  expect(html).toContain(`<meta property="og:url" content="${url}" />`)
  expect(html).toContain('<meta property="og:type" content="website" />')
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
  expect(html).toContain(`<link rel="canonical" href="${url}" />`)

  for (const id of ['00000000-0000-4000-8000-000000000000', '12']) {
    expect((await request.get(`/listings/${id}`)).status()).toBe(404)
    await page.goto(`/listings/${id}`)
    // The not-found page, saying what is missing (a listing may also be gone: taken or hidden).
    await expect(page.getByText('404')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'This listing is no longer available' })).toBeVisible()
  }
})

test('without the Web Share API, Share offers Copy link and a WhatsApp link', async ({ page, context }) => {
  const listing = await postListing(page)
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/listings/${listing.id}`)
  await page.getByRole('button', { name: 'Share' }).click()
  const url = `http://localhost:${process.env.E2E_PORT ?? 3100}/listings/${listing.id}`
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${TITLE} ${url}`)}`,
  )
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
})
