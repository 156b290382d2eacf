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

test('the app takes over the title in place: one title, where it was, once the page has run', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  const releaseScripts = await holdRequests(page, '**/assets/*.js')
  // The HTML is read, its scripts held: neither load nor DOMContentLoaded comes before they run.
  await page.goto('/impact', { waitUntil: 'commit' })
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText(pages('en').impact!.title)
  const before = await title.boundingBox()

  releaseScripts()
  // The page's own content: the figures, or the note that they are loading.
  await expect(page.locator('#first-screen')).toHaveCount(0)
  await expect(title).toHaveCount(1)
  await expect(title).toHaveText(pages('en').impact!.title)
  expect(await title.boundingBox()).toEqual(before)
  await context.close()
})

test('a page without a first screen in the HTML still starts as before', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/help')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#first-screen')).toHaveCount(0)
  await context.close()
})
