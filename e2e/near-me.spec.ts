import { readFileSync } from 'node:fs'
import { type Browser, expect, type Locator, type Page, type Request, test } from '@playwright/test'
import { approxPoint, type Point } from '../src/shared/geo'
import { LISTING_PAGE_SIZE } from '../src/shared/schemas/listing-query'
import { signUpAndIn } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

/**
 * "Near me" on a 360 px phone in Sinhala and Tamil (issue 41, docs/decisions/0072-the-map-view.md):
 * a recipient in Dehiwala lets the browser tell where they are, sees the Dehiwala food 0.8 km away
 * before the Colombo Fort food, opens the map (tiles from the e2e server's loopback tile server),
 * taps the pin and claims from its card; the listing page's small map then shows the ~500 m area and
 * its directions, and once the donor approves, the order page the exact place.
 */
const PHONE = { width: 360, height: 740 }
const DEHIWALA_PICKUP: Point = { lat: 6.84, lng: 79.865 }
const FORT_PICKUP: Point = { lat: 6.9344, lng: 79.8428 }
const MORATUWA_PICKUP: Point = { lat: 6.7733, lng: 79.8825 }
/** 0.8 km north of the Dehiwala food's public point, where distances are measured to (0.8 / 111.2°). */
const cell = approxPoint(DEHIWALA_PICKUP)
const RECIPIENT: Point = { lat: Number((cell.lat + 0.8 / 111.2).toFixed(5)), lng: cell.lng }

/** Find Food's and the claim's words in `lang`, read from the catalogs the app ships. */
function words(lang: 'si' | 'ta') {
  const read = (ns: string) => JSON.parse(readFileSync(`src/shared/locales/${lang}/${ns}.json`, 'utf8'))
  const nearby = read('nearby')
  const findFood = read('find-food')
  const orders = read('orders')
  const places = read('places')
  return {
    approxLabel: places.place.approxLabel as string,
    exactLabel: places.place.exactLabel as string,
    mapUnavailable: places.place.mapUnavailable as string,
    directionsApp: places.directions.app as string,
    directionsOsm: places.directions.osm as string,
    orderMaps: orders.pickup.openInMaps as string,
    orderOsm: orders.pickup.openStreetMap as string,
    nearMe: nearby.near.me as string,
    within25: (nearby.near.within as string).replace('{{distance}}', KM[lang](25)),
    map: nearby.view.map as string,
    claim: findFood.actions.claim as string,
    claimed: (orders.claimSuccess_one as string).split('{{count}}')[1]!.trim().slice(0, 12),
  }
}

/** A distance as the app writes it in each script (src/web/lib/format-km.ts; CLDR's short unit). */
const KM = {
  si: (n: number) => `කි.මී ${n}`,
  ta: (n: number) => `${n} கி.மீ.`,
} as const

async function phoneIn(browser: Browser, lang: 'si' | 'ta') {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: `${lang}-LK`,
    geolocation: { latitude: RECIPIENT.lat, longitude: RECIPIENT.lng, accuracy: 20 },
    permissions: ['geolocation'],
  })
  await context.addInitScript((l) => localStorage.setItem('ahara.language', l), lang)
  return context.newPage()
}

/** A page's small map of a place, with its heading and directions (components/map/PlaceDetails.tsx). */
const placeSection = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) })

/** Scrolls down as a reader would until `target` shows: a small map loads only when scrolled near. */
async function scrollUntilVisible(page: Page, target: Locator) {
  await expect(async () => {
    await page.mouse.wheel(0, 600)
    await expect(target).toBeVisible({ timeout: 1000 })
  }).toPass()
}

for (const lang of ['si', 'ta'] as const) {
  test(`a recipient in Dehiwala finds the nearest food, on the list and the map, and claims it (${lang})`, async ({
    browser,
  }, testInfo) => {
    // The list, the map, a claim, the listing page and the order page: about 50 s on a busy machine.
    test.setTimeout(120_000)
    const w = words(lang)
    // Digits only: a search matches them as typed, never by a phonetic key of their letters.
    const stamp = `${Date.now()}${lang === 'si' ? 1 : 2}`
    const donor = await (await browser.newContext()).newPage()
    await signUpAndIn(donor, 'donor', 'Dilani Perera', { district: 'Colombo' })
    const near = `Kiribath ${stamp}`
    const far = `Lamprais ${stamp}`
    await postListing(donor.request, {
      title: far,
      pickupCity: 'Colombo Fort',
      pickupAddress: '3 York Street',
      pickupPoint: FORT_PICKUP,
    })
    const nearId = await postListing(donor.request, {
      title: near,
      pickupCity: 'Dehiwala',
      pickupAddress: '21 Hill Street',
      pickupPoint: DEHIWALA_PICKUP,
    })

    const page = await phoneIn(browser, lang)
    await signUpAndIn(page, 'recipient', 'Fathima Rizvi', {
      district: 'Colombo',
      location: 'Dehiwala',
      phone: '0771234567',
    })
    const tileRequests: string[] = []
    const outside: string[] = []
    page.on('request', (request: Request) => {
      const url = new URL(request.url())
      if (url.hostname === '127.0.0.1') tileRequests.push(request.url())
      else if (url.hostname !== 'localhost') outside.push(request.url())
    })

    // 1. Near me, within 25 km: the Dehiwala food at 0.8 km comes first, then the Fort's.
    await page.goto(`/find-food?q=${stamp}`)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await page.getByRole('button', { name: w.nearMe }).click()
    await page.getByRole('button', { name: w.within25 }).click()
    const cards = page.locator('main article')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0)).toHaveAttribute('aria-label', near)
    await expect(cards.nth(1)).toHaveAttribute('aria-label', far)
    await expect(cards.nth(0)).toContainText(KM[lang](0.8))
    await checkPhone(page, testInfo, `${lang}-near-me-list`)

    // 2. The map: both pins on the loopback tiles; the Dehiwala pin opens its card.
    await page.getByRole('button', { name: w.map }).click()
    const pin = page.getByRole('button', { name: near, exact: true })
    await expect(pin).toBeVisible()
    await expect.poll(() => tileRequests.length).toBeGreaterThan(0)
    await pin.click()
    const card = page.getByRole('article', { name: near })
    await expect(card).toBeVisible()
    await checkPhone(page, testInfo, `${lang}-near-me-map`)

    // 3. Claim from the card.
    await card.getByRole('button', { name: w.claim }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('button[type="submit"]').click()
    await expect(dialog.getByText(w.claimed)).toBeVisible()

    // 4. The listing page, order not yet approved: the small map of the ~500 m area, on the loopback
    // tiles, with directions to that area (geo: with its uncertainty, OpenStreetMap's map of it).
    await page.goto(`/listings/${nearId}`)
    await expect(page.getByRole('heading', { level: 1, name: near })).toBeVisible()
    tileRequests.length = 0
    const area = placeSection(page, w.approxLabel)
    await scrollUntilVisible(page, area)
    await expect(area.getByRole('img', { name: w.approxLabel })).toBeVisible()
    await expect.poll(() => tileRequests.length).toBeGreaterThan(0)
    await expect(area.getByRole('link', { name: w.directionsApp })).toHaveAttribute(
      'href',
      `geo:${cell.lat},${cell.lng};u=500`,
    )
    await expect(area.getByRole('link', { name: w.directionsOsm })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/#map=15/${cell.lat}/${cell.lng}`,
    )
    await expect(placeSection(page, w.exactLabel)).toHaveCount(0)

    // 5. Approved: the order page shows the exact place, its map and its directions.
    const claims = await (await page.request.get('/api/claims?as=requester')).json()
    const order = claims.items.find((c: { listing: { id: string } }) => c.listing.id === nearId)
    const approved = await donor.request.post(`/api/claims/${order.id}/approve`, { headers: fromApp })
    expect(approved.status(), await approved.text()).toBe(200)
    await page.goto(`/orders/${order.id}`)
    const { lat, lng } = DEHIWALA_PICKUP
    await expect(page.getByRole('link', { name: w.orderMaps })).toHaveAttribute('href', `geo:${lat},${lng}`)
    await expect(page.getByRole('link', { name: w.orderOsm })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
    )
    tileRequests.length = 0
    const place = placeSection(page, w.exactLabel)
    await scrollUntilVisible(page, place)
    await expect(place.getByRole('img', { name: w.exactLabel })).toBeVisible()
    await expect.poll(() => tileRequests.length).toBeGreaterThan(0)
    await expect(placeSection(page, w.approxLabel)).toHaveCount(0)

    expect(outside, 'requests beyond this machine').toEqual([])
  })
}

test('the map pins every listing within the radius, also those beyond the list’s first page (ta)', async ({
  browser,
}) => {
  const w = words('ta')
  const stamp = `${Date.now()}4`
  const donor = await (await browser.newContext()).newPage()
  await signUpAndIn(donor, 'donor', 'Dilani Perera', { district: 'Colombo' })
  // A page of food at the Dehiwala point, and one more in Moratuwa, 8 km away: nearest first, the
  // Moratuwa food is on the list's second page only.
  const pageSize = LISTING_PAGE_SIZE
  for (let i = 0; i < pageSize; i++) {
    await postListing(donor.request, { title: `Kiribath ${stamp} ${i}`, pickupPoint: DEHIWALA_PICKUP })
  }
  const far = `Hoppers ${stamp}`
  await postListing(donor.request, { title: far, pickupCity: 'Moratuwa', pickupPoint: MORATUWA_PICKUP })

  const page = await phoneIn(browser, 'ta')
  await page.goto(`/find-food?q=${stamp}`)
  await page.getByRole('button', { name: w.nearMe }).click()
  await page.getByRole('button', { name: w.within25 }).click()
  const cards = page.locator('main article')
  // The cards below the first screens are built as the reader scrolls to them.
  await expect(cards.first()).toBeVisible()
  await cards.last().scrollIntoViewIfNeeded()
  await expect(cards).toHaveCount(pageSize)
  await expect(page.getByRole('article', { name: far })).toHaveCount(0)

  await page.getByRole('button', { name: w.map }).click()
  const pin = page.getByRole('button', { name: far, exact: true })
  await expect(pin).toBeVisible()
  await pin.click()
  await expect(page.getByRole('article', { name: far })).toBeVisible()
})

test('with the tiles blocked, the map says so and keeps its pins; the list and its distances stay (si)', async ({
  browser,
}) => {
  const w = words('si')
  const stamp = `${Date.now()}3`
  const donor = await (await browser.newContext()).newPage()
  await signUpAndIn(donor, 'donor', 'Dilani Perera', { district: 'Colombo' })
  const near = `Kiribath ${stamp}`
  await postListing(donor.request, { title: near, pickupCity: 'Dehiwala', pickupPoint: DEHIWALA_PICKUP })

  const page = await phoneIn(browser, 'si')
  await page.route(
    (url) => url.hostname === '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  )
  await page.goto(`/find-food?q=${stamp}`)
  await page.getByRole('button', { name: w.nearMe }).click()
  await expect(page.getByRole('article', { name: near })).toContainText(KM.si(0.8))
  await page.getByRole('button', { name: w.map }).click()
  const unavailable = JSON.parse(readFileSync('src/shared/locales/si/places.json', 'utf8')).map
    .tilesUnavailable
  await expect(page.getByRole('status').filter({ hasText: unavailable })).toBeVisible()
  await page.getByRole('button', { name: near, exact: true }).click()
  await expect(page.getByRole('article', { name: near })).toBeVisible()

  // The listing's own small map says so too, and its directions stay.
  await page.getByRole('article', { name: near }).getByRole('link', { name: near }).click()
  await expect(page.getByRole('heading', { level: 1, name: near })).toBeVisible()
  const area = placeSection(page, w.approxLabel)
  await scrollUntilVisible(page, area)
  await expect(area.getByRole('img', { name: w.approxLabel })).toHaveAccessibleName(
    `${w.approxLabel}. ${w.mapUnavailable}`,
  )
  await expect(area.getByText(w.mapUnavailable)).toBeVisible()
  await expect(area.getByRole('link', { name: w.directionsApp })).toBeVisible()
})
