import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { holdRequests } from './fixtures/held-requests'

/** The page titles of src/shared/locales, as a reader sees them. */
function pages(language: string): Record<string, { title: string; subtitle: string }> {
  const common = JSON.parse(
    readFileSync(new URL(`../src/shared/locales/${language}/common.json`, import.meta.url), 'utf8'),
  )
  return common.pages
}

test("a phone whose scripts have not arrived sees the page's title, in its browser's language", async ({
  browser,
}) => {
  for (const language of ['en', 'si', 'ta']) {
    const context = await browser.newContext({ locale: language, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.route('**/*.js', (route) => route.abort())
    await page.goto('/find-food?q=rice')
    const { title, subtitle } = pages(language).findFood!
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('main')).toContainText(subtitle)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await context.close()
  }
})

const FIRST_SCREENS = [
  { path: '/', title: () => homeTitle('en') },
  { path: '/find-food', title: () => pages('en').findFood!.title },
  { path: '/impact', title: () => pages('en').impact!.title },
  { path: '/community?tab=events', title: () => pages('en').community!.title },
]

function homeTitle(language: string): string {
  const home = JSON.parse(
    readFileSync(new URL(`../src/shared/locales/${language}/home.json`, import.meta.url), 'utf8'),
  )
  return home.hero.title
}

test('the app takes over the title in place: one title, where it was, once the page has run', async ({
  browser,
}) => {
  for (const { path, title } of FIRST_SCREENS) {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 360, height: 740 },
    })
    const page = await context.newPage()
    const releaseScripts = await holdRequests(page, '**/assets/*.js')
    // The HTML is read, its scripts held: neither load nor DOMContentLoaded comes before they run.
    await page.goto(path, { waitUntil: 'commit' })
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading, path).toHaveText(title())
    const before = await heading.boundingBox()

    releaseScripts()
    await expect(page.getByRole('contentinfo'), path).toBeVisible()
    await expect(page.locator('#first-screen'), path).toHaveCount(0)
    await expect(heading, path).toHaveCount(1)
    await expect(heading, path).toHaveText(title())
    expect(await heading.boundingBox(), path).toEqual(before)
    await context.close()
  }
})

test('a page without a first screen in the HTML still starts as before', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/help')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#first-screen')).toHaveCount(0)
  await context.close()
})
