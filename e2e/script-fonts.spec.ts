import { expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'

/** The script faces the page fetched (scripts/vite/script-fonts.ts). */
function fontsFetched(page: Page): Set<string> {
  const fetched = new Set<string>()
  page.on('request', (request) => {
    const match = /noto-sans-(sinhala|tamil)-\w+-\d00-normal/.exec(request.url())
    if (match) fetched.add(match[1]!)
  })
  return fetched
}

test('a Sinhala title on a Tamil page is drawn in Sinhala; a page without Sinhala text does not fetch its font', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Script Donor')
  const title = `එළවළු බත් ${Date.now()}`
  const id = await postListing(donor.request, { title })

  const tamil = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await tamil.addInitScript(() => localStorage.setItem('ahara.language', 'ta'))
  const page = await tamil.newPage()
  const fetched = fontsFetched(page)
  await page.goto(`/listings/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect.poll(() => [...fetched].sort()).toEqual(['sinhala', 'tamil'])
  // Every Sinhala letter of the title has its face loaded now: no empty boxes.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready
        const heading = getComputedStyle(document.querySelector('h1')!)
        return document.fonts.check(
          `${heading.fontWeight} ${heading.fontSize} "Noto Sans Sinhala"`,
          'එළවළු බත්',
        )
      }),
    )
    .toBe(true)
  await page.screenshot({ path: 'test-results/script-fonts-ta-sinhala-title.png' })
  // A Tamil page without Sinhala text fetches only its own face.
  const safety = await tamil.newPage()
  const tamilOnly = fontsFetched(safety)
  await safety.goto('/safety')
  await expect(safety.locator('main h1')).toBeVisible()
  await safety.waitForLoadState('networkidle')
  expect([...tamilOnly]).toEqual(['tamil'])
  await tamil.close()

  const english = await browser.newContext()
  const about = await english.newPage()
  const none = fontsFetched(about)
  await about.goto('/safety')
  await expect(about.locator('main h1')).toBeVisible()
  await about.waitForLoadState('networkidle')
  expect([...none]).toEqual([])
  await english.close()
  await donor.context.close()
})
