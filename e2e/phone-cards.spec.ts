import { expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing, uploadPhoto } from './fixtures/listings'
import { measurePhoneScreen, PHONE_LANGUAGES } from './fixtures/phone-checks'

/**
 * Lists that fit a phone: on a 360 × 740 screen, in English, Sinhala and Tamil, at least two listing
 * cards are on screen at once (each fully or mostly: three quarters of it or more), and the cards'
 * pictures are responsive (thumbnail or full image, the first one loaded at once, the rest lazily),
 * and Find Food, the home page and the impact page build what is below their first screens only as
 * the reader scrolls to it.
 */
const PHONE = { width: 360, height: 740 }

/**
 * Scrolls each of the list's first three cards in turn up to just under the sticky header, and answers
 * how much of each card shows from the start where most cards show. Other journeys post listings
 * while this one runs, and one of theirs may lead the list with a longer text than the demo's.
 */
async function visibleShares(page: Page): Promise<number[]> {
  const cards = page.locator('main article')
  await expect(cards.nth(3)).toBeVisible()
  let best: number[] = []
  for (let start = 0; start < 3; start++) {
    await cards.nth(start).evaluate((card) => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
      window.scrollBy({ top: card.getBoundingClientRect().top - header - 8, behavior: 'instant' })
    })
    const shares = await cards.evaluateAll((articles) => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
      return articles.map((article) => {
        const box = article.getBoundingClientRect()
        const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, header)
        return Math.round((Math.max(0, shown) / box.height) * 100) / 100
      })
    })
    const mostlyShown = (each: number[]) => each.filter((share) => share >= 0.75).length
    if (mostlyShown(shares) > mostlyShown(best)) best = shares
  }
  return best
}

for (const { lang, locale } of PHONE_LANGUAGES) {
  test(`two listing cards at once on a 360 px phone, on Find Food and Home (${lang})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, locale })
    const page = await context.newPage()
    for (const path of ['/find-food', '/']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => document.fonts.ready)
      // The home page builds its latest food as the reader scrolls to it.
      if (path === '/') await page.locator('#latest-heading').scrollIntoViewIfNeeded()
      const shares = await visibleShares(page)
      const shown = shares.filter((share) => share >= 0.75)
      expect(
        shown.length,
        `${path}: the share of each card on screen ${shares.join(', ')}`,
      ).toBeGreaterThanOrEqual(2)
      const report = await page.evaluate(measurePhoneScreen)
      expect.soft(report.sideways, `${path}: elements in main that scroll sideways`).toEqual([])
      expect.soft(report.small, `${path}: controls under 44 × 44 px`).toEqual([])
    }
    await context.close()
  })
}

test('a card picture offers the thumbnail and the full image; the first loads at once, the others lazily', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Picture Donor')
  const imageUrl = await uploadPhoto(donor.request, '#15803d')
  const title = `Jackfruit curry ${Date.now()}`
  await postListing(donor.request, { title, imageUrls: [imageUrl] })
  await donor.context.close()

  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  // Searched by its title, it is the first card, whatever other journeys post meanwhile.
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  const picture = page.getByRole('article', { name: title }).locator('img').first()
  const thumbnail = imageUrl.replace(/\.webp$/, '-thumb.webp')
  await expect(picture).toHaveAttribute('src', thumbnail)
  await expect(picture).toHaveAttribute('srcset', `${thumbnail} 480w, ${imageUrl} 1600w`)
  await expect(picture).toHaveAttribute('sizes', /88px$/)
  await expect(picture).toHaveAttribute('width', '480')
  await expect(picture).toHaveAttribute('height', '480')
  await expect(picture).toHaveAttribute('loading', 'eager')
  await expect(picture).toHaveAttribute('fetchpriority', 'high')
  // On a phone's small picture the browser takes the thumbnail.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/-thumb\.webp$/)

  // In the whole list only the first card's picture is eager.
  await page.goto('/find-food')
  const pictures = page.locator('main article img')
  await expect(pictures.nth(2)).toBeAttached()
  const loading = await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')))
  expect(loading[0]).toBe('eager')
  expect(new Set(loading.slice(1))).toEqual(new Set(['lazy']))
  await context.close()
})

test('a first visit to Find Food builds the first screens of cards; the rest come as the reader scrolls, then Load more', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.goto('/find-food')
  const cards = page.locator('main article')
  await expect(cards.first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  // The demo alone has more listings than a page of twelve.
  await expect(page.getByText(/\d+ food items available/)).toBeVisible()
  await expect(cards).toHaveCount(4)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  await cards.last().scrollIntoViewIfNeeded()
  await expect(cards).toHaveCount(12)
  await cards.last().scrollIntoViewIfNeeded()
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible()
  await context.close()
})

test('a first visit to the home page and the impact page builds their first screens; the rest comes as the reader scrolls', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.goto('/')
  // The figures have arrived: the page has its data.
  await expect(page.locator('section[aria-labelledby="impact-heading"] li').first()).not.toContainText('—')
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { name: 'Available now' })).toBeVisible()
  await expect(page.locator('main article')).toHaveCount(0)
  await page.getByRole('heading', { name: 'Available now' }).scrollIntoViewIfNeeded()
  await expect(page.getByRole('region', { name: 'Available now' }).getByRole('article').first()).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Community stories' }).getByRole('article').first(),
  ).toBeAttached()

  await page.goto('/impact')
  await expect(page.getByRole('heading', { name: 'Environmental Impact' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { name: 'Growth Over Time' })).toHaveCount(0)
  await page.getByRole('heading', { name: 'Environmental Impact' }).scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, PHONE.height)
  await expect(page.getByRole('heading', { name: 'Social Impact' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Growth Over Time' })).toBeAttached()
  await context.close()
})
