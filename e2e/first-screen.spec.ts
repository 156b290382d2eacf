import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { holdRequests } from './fixtures/held-requests'

/** A catalog of src/shared/locales, as a reader sees its texts. */
function catalog(language: string, namespace: string) {
  return JSON.parse(
    readFileSync(new URL(`../src/shared/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  )
}
const pageTitle = (language: string, page: string): string => catalog(language, 'common').pages[page].title

const FIRST_SCREENS = [
  { path: '/', title: catalog('en', 'home').hero.title },
  { path: '/find-food', title: pageTitle('en', 'findFood') },
  { path: '/impact', title: pageTitle('en', 'impact') },
  { path: '/community?tab=events', title: pageTitle('en', 'community') },
]

type Handover = { titleShown: boolean; titleGone: boolean; loadingShown: boolean }

/**
 * Records, before every frame from the first byte on, what a reader could see: whether the title ever
 * went away once shown, and whether the layout's 'Loading…' (a paragraph right in main) ever showed.
 */
async function recordHandover(page: Page, loadingText: string) {
  await page.addInitScript((loading) => {
    const seen: Handover = { titleShown: false, titleGone: false, loadingShown: false }
    Object.assign(window, { handover: seen })
    const beforeFrame = () => {
      if (document.querySelector('h1')) seen.titleShown = true
      else if (seen.titleShown) seen.titleGone = true
      if ([...document.querySelectorAll('main > p')].some((p) => p.textContent === loading))
        seen.loadingShown = true
      requestAnimationFrame(beforeFrame)
    }
    requestAnimationFrame(beforeFrame)
  }, loadingText)
}

const handover = (page: Page) => page.evaluate(() => (window as unknown as { handover: Handover }).handover)

test("a phone whose scripts have not arrived sees the page's title, in its browser's language", async ({
  browser,
}) => {
  for (const language of ['en', 'si', 'ta']) {
    const context = await browser.newContext({ locale: language, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.route('**/*.js', (route) => route.abort())
    for (const { path, title, subtitle } of [
      { path: '/', ...catalog(language, 'home').hero },
      { path: '/find-food?q=rice', ...catalog(language, 'common').pages.findFood },
      { path: '/impact', ...catalog(language, 'common').pages.impact },
      { path: '/community', ...catalog(language, 'common').pages.community },
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }), `${language} ${path}`).toHaveText(title)
      await expect(page.getByRole('main'), `${language} ${path}`).toContainText(subtitle)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
    }
    await context.close()
  }
})

test('the app takes over the title in place: never gone, never "Loading…", one title where it was', async ({
  browser,
}) => {
  for (const { path, title } of FIRST_SCREENS) {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 360, height: 740 },
    })
    const page = await context.newPage()
    await recordHandover(page, catalog('en', 'common').loading)
    const releaseScripts = await holdRequests(page, '**/assets/*.js')
    // The HTML is read, its scripts held: neither load nor DOMContentLoaded comes before they run.
    await page.goto(path, { waitUntil: 'commit' })
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading, path).toHaveText(title)
    // Where the reader first sees it: laid out with the stylesheet, which is not held.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    )
    const before = await heading.boundingBox()

    releaseScripts()
    await expect(page.getByRole('contentinfo'), path).toBeVisible()
    await expect(page.locator('#first-screen'), path).toHaveCount(0)
    await expect(heading, path).toHaveCount(1)
    await expect(heading, path).toHaveText(title)
    expect(await heading.boundingBox(), path).toEqual(before)
    expect(await handover(page), path).toMatchObject({
      titleShown: true,
      titleGone: false,
      loadingShown: false,
    })
    await context.close()
  }
})

test("a reader who chose another language than the browser's never sees the server's copy once the app runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en', serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.addInitScript(() => localStorage.setItem('ahara.language', 'si'))
  // The layout runs, the page's own code waits: what stands in for the page is on screen.
  const releasePage = await holdRequests(page, '**/assets/ImpactPage-*.js')
  await page.goto('/impact', { waitUntil: 'commit' })
  await expect(page.getByRole('banner')).toContainText(catalog('si', 'common').nav.findFood)
  await expect(page.getByRole('main')).toContainText(catalog('si', 'common').loading)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0)

  releasePage()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('si', 'impact'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'si')
  await context.close()
})

test('a page without a first screen gets none in its HTML, and still starts', async ({ page }) => {
  const html = await (await page.request.get('/help')).text()
  expect(html).not.toContain('id="first-screen"')
  expect(html).toContain('<html lang="en">')
  await page.goto('/help')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('en', 'help'))
})
