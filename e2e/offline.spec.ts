import { readFile, writeFile } from 'node:fs/promises'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import type { Language } from '../src/shared/reference-data'
import { newAccount } from './fixtures/accounts'
import { axeOf } from './fixtures/axe'
import { postListing, soonPickup } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { checkPhone, PHONE_LANGUAGES } from './fixtures/phone-checks'

/** A free listing with a photo, posted through the API by a new donor; answers its title. */
async function postListingTitled(browser: Browser, title: string): Promise<string> {
  const donor = await newAccount(browser, 'donor', 'Offline Donor')
  await postListing(donor.request, { title, quantity: 8 })
  await donor.context.close()
  return title
}

/** Find Food searched for `title`, once online, until the service worker has stored what it showed. */
async function visitFindFoodOnline(page: Page, title: string) {
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  const storedAll = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false
      const stored = new Set<string>()
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          stored.add(request.url.split('?__WB_REVISION__')[0]!)
      }
      // Every script, style sheet and font this visit loaded, the listings read and the photo.
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(`${location.origin}/assets/`) && !url.endsWith('.map'))
      return (
        loaded.every((url) => stored.has(url)) &&
        [...stored].some((url) => url.includes('/api/listings?')) &&
        [...stored].some((url) => url.includes('/uploads/'))
      )
    })
  await expect.poll(storedAll, { timeout: 20_000 }).toBe(true)
}

test('after one online visit, Find Food offline shows the food seen before, its photo and the offline banner', async ({
  browser,
  page,
  context,
}) => {
  const title = await postListingTitled(browser, `Offline kottu ${Date.now()}`)
  await visitFindFoodOnline(page, title)
  await expect(page.getByTestId('offline-banner')).toBeHidden()

  await context.setOffline(true)
  await page.reload()
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  await expect(page.getByTestId('offline-banner')).toHaveText(
    /^You are offline — showing food as of \d{1,2}:\d{2}/,
  )
  expect((await axeOf(page).analyze()).violations.map((violation) => violation.id)).toEqual([])
  // The photo comes from the image cache.
  const photo = card.locator('img').first()
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  // Back online, the banner goes once fresh answers arrive.
  await context.setOffline(false)
  await page.reload()
  await expect(card).toBeVisible()
  await expect(page.getByTestId('offline-banner')).toBeHidden()
})

test('a claim while offline says it needs a connection', async ({ browser }) => {
  const title = await postListingTitled(browser, `Offline string hoppers ${Date.now()}`)
  const recipient = await newAccount(browser, 'recipient', 'Offline Recipient')
  const { page, context } = recipient
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()

  await context.setOffline(true)
  await expect(page.getByTestId('offline-banner')).toHaveText(/^You are offline\./)
  await card.getByRole('button', { name: 'Claim Free Food' }).click()
  const claim = page.getByRole('dialog', { name: 'Claim Free Food' })
  await expect(claim.getByLabel('Pickup time')).not.toHaveValue('')
  await claim.getByRole('button', { name: 'Claim Food' }).click()
  await expect(claim.getByText('You are offline. This needs a connection', { exact: false })).toBeVisible()

  // Online again, the same claim goes through.
  await context.setOffline(false)
  await claim.getByRole('button', { name: 'Claim Food' }).click()
  await expect(claim.getByText(/Successfully claimed/)).toBeVisible()
  await context.close()
})

test('signed in, an order page seen once opens offline with its code, address and window; the header still says who', async ({
  browser,
}) => {
  const title = `Offline lamprais ${Date.now()}`
  const donor = await newAccount(browser, 'donor', 'Offline Door Donor')
  const listingId = await postListing(donor.request, { title, quantity: 8, pickupAddress: '9 Temple Lane' })
  const recipient = await newAccount(browser, 'recipient', 'Offline Door Recipient')
  const { page, context } = recipient
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 1, ...soonPickup(), contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  const id = (await claim.json()).id as string
  expect((await donor.request.post(`/api/claims/${id}/approve`, { headers: fromApp })).status()).toBe(200)

  await visitFindFoodOnline(page, title)
  await page.goto(`/orders/${id}`)
  const code = page.locator('[data-pickup-code]')
  await expect(code).toHaveText(/^\d{3} \d{3}$/)
  const digits = await code.textContent()
  const stored = () =>
    page.evaluate(async (orderId) => {
      const cache = await caches.open('ahara-personal')
      const urls = (await cache.keys()).map((request) => new URL(request.url).pathname)
      return urls.includes('/api/me') && urls.includes(`/api/orders/${orderId}`)
    }, id)
  await expect.poll(stored, { timeout: 20_000 }).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(code).toHaveText(digits!)
  await expect(page.getByText('9 Temple Lane', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'Account menu for Offline Door Recipient' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0)

  // Find Food seen before: a claim offers its form (and says it needs a connection), not a sign-in.
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Claim Free Food' }).click()
  await expect(page.getByRole('dialog', { name: 'Claim Free Food' })).toBeVisible()
  await expect(page).toHaveURL(/\/find-food/)

  // Signing out forgets them.
  await page.keyboard.press('Escape')
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Account menu for Offline Door Recipient' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible()
  expect(await page.evaluate(() => caches.has('ahara-personal'))).toBe(false)
  await Promise.all([donor.context.close(), context.close()])
})

test('the web manifest is served with its fields and its icons exist', async ({ page, request }) => {
  await page.goto('/')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#15803d')

  const res = await request.get(manifestHref!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/manifest+json')
  const manifest = await res.json()
  expect(manifest).toMatchObject({
    name: 'Ahara — share food, not waste',
    short_name: 'Ahara',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#15803d',
    background_color: '#ffffff',
  })
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ]) {
    expect(icons.some((icon) => icon.sizes === sizes && icon.purpose === purpose)).toBe(true)
  }
  for (const icon of icons) {
    const image = await request.get(icon.src)
    expect(image.status(), icon.src).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
    const { width, height } = await sharp(await image.body()).metadata()
    expect(`${width}x${height}`).toBe(icon.sizes)
  }
})

for (const [language, bannerText] of [
  ['si', 'ඔබ නොබැඳි ලෙස සිටී —'],
  ['ta', 'நீங்கள் இணைப்பில் இல்லை —'],
] as [Language, string][]) {
  test(`the offline banner fits a 360 px phone in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
    const page = await context.newPage()
    const title = await postListingTitled(browser, `Offline rice ${language} ${Date.now()}`)
    await visitFindFoodOnline(page, title)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('article', { name: title })).toBeVisible()
    const banner = page.getByTestId('offline-banner')
    await expect(banner).toContainText(bannerText)
    const fits = await banner.evaluate((element) => ({
      bannerWidth: element.getBoundingClientRect().width,
      pageWidth: document.documentElement.scrollWidth,
      textFits: [...element.querySelectorAll('*')].every(
        (child) => child.scrollWidth <= child.clientWidth + 1,
      ),
    }))
    expect(fits).toEqual({ bannerWidth: 360, pageWidth: 360, textFits: true })
    await context.close()
  })
}

const BUILT_WORKER = 'dist/sw.js'

test('a new version shows "Update available" and Reload brings it in', async ({ page }) => {
  await page.goto('/find-food')
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  // A new build: the served worker changes, as `npm run build` changes it (the server reads
  // dist/sw.js at each request). Put back afterwards for the journeys that follow.
  // The server sends the build's brotli or gzip copy when the browser takes it, so those change too.
  const copies = [BUILT_WORKER, `${BUILT_WORKER}.br`, `${BUILT_WORKER}.gz`]
  const built = await Promise.all(copies.map((path) => readFile(path)))
  try {
    const next = Buffer.from(`${built[0]}\n// the next build\n`)
    await writeFile(copies[0]!, next)
    await writeFile(copies[1]!, brotliCompressSync(next))
    await writeFile(copies[2]!, gzipSync(next))
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update()
    })
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' })
    await expect(prompt).toBeVisible()
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(prompt).toBeHidden()
    // The new version controls the page and none waits.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return {
          controlled: navigator.serviceWorker.controller !== null,
          waiting: registration?.waiting ?? null,
        }
      }),
    ).toEqual({ controlled: true, waiting: null })
  } finally {
    await Promise.all(copies.map((path, i) => writeFile(path, built[i]!)))
  }
})

/** A page whose code this phone never fetched, opened offline: it says so, in the phone's language. */
for (const { lang, locale } of PHONE_LANGUAGES) {
  test(`a page never opened before says offline that it could not be loaded (360 px, ${lang})`, async ({
    browser,
  }, testInfo) => {
    const text = JSON.parse(await readFile(`src/shared/locales/${lang}/common.json`, 'utf8')).pageLoadFailed
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale })
    const page = await context.newPage()
    await page.goto('/find-food')
    await expect(page.locator('main article').first()).toBeVisible()

    await context.setOffline(true)
    await page.locator('footer a[href="/impact"]').click()
    const failed = page.getByRole('alert').filter({ hasText: text.title })
    await expect(failed.getByRole('heading', { name: text.title })).toBeVisible()
    await expect(failed).toContainText(text.message)
    await checkPhone(page, testInfo, `page-load-failed-${lang}`)

    // Online again, Try again loads the page.
    await context.setOffline(false)
    await failed.getByRole('button', { name: text.tryAgain }).click()
    await expect(page).toHaveURL(/\/impact$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(failed).toHaveCount(0)
    await context.close()
  })
}
