import { expect, test } from '@playwright/test'
import { holdRequests } from './fixtures/held-requests'

const PHONE = { width: 360, height: 740 }

for (const { locale, lang, label } of [
  { locale: 'si-LK', lang: 'si', label: 'භාෂාව' },
  { locale: 'ta-LK', lang: 'ta', label: 'மொழி' },
]) {
  test(`a ${locale} phone opens in its language with the language control in the header row`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, locale })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', lang)

    const control = page.getByRole('banner').getByLabel(label)
    await expect(control).toBeVisible()
    const box = await control.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    // Logo, sign-in, language and menu share one 64 px row within the screen.
    await expect(control).toBeInViewport()
    const row = await page.evaluate(() => {
      const bar = document.querySelector('header > div') as HTMLElement
      return { height: bar.getBoundingClientRect().height, scroll: bar.scrollWidth, width: bar.clientWidth }
    })
    expect(row.height).toBe(64)
    expect(row.scroll).toBeLessThanOrEqual(row.width)

    // The switcher's choice beats the phone's language from then on.
    await control.selectOption('en')
    // The notice shows at the bottom, clear of the header and its language control.
    const notice = page.getByText('Language changed to English')
    await expect(notice).toBeVisible()
    const header = await page.getByRole('banner').boundingBox()
    const noticeBox = await notice.boundingBox()
    expect(noticeBox?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0))
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('banner').getByLabel('Language')).toHaveValue('en')
    await context.close()
  })
}

test('sign in to claim: back on Find Food with the claim dialog open', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  // The reopening parameter was once removed again on every render, replacing the history entry
  // thousands of times and holding the page for seconds (0033's addendum on the first install).
  await page.addInitScript(() => {
    const replace = history.replaceState.bind(history)
    Object.assign(window, { replacements: 0 })
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      ;(window as unknown as { replacements: number }).replacements++
      replace(...args)
    }
  })
  const title = 'Chicken rice and curry packets'
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  const card = page.getByRole('article', { name: title })
  await card.getByRole('button', { name: 'Claim Free Food' }).click()
  await card.getByRole('alert').getByRole('link', { name: 'Sign In' }).click()

  await expect(page).toHaveURL(/^[^?]*\/auth\?next=/)
  await page.getByLabel('Email Address').fill('fathima@demo.ahara.lk')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('ahara-demo-2026')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  await expect(page.getByRole('dialog', { name: 'Claim Free Food' })).toBeVisible()
  // The reopening parameter is spent; the search stays.
  await expect(page).toHaveURL(`/find-food?q=${encodeURIComponent(title).replaceAll('%20', '+')}`)
  expect(
    await page.evaluate(() => (window as unknown as { replacements: number }).replacements),
  ).toBeLessThan(10)
  await page.getByRole('dialog', { name: 'Claim Free Food' }).press('Escape')
  await page.reload()
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await context.close()
})

/** The layout shifts a page has had, summed as Lighthouse does (shifts right after input excluded). */
type WithShifts = { shifts: { total: number } }

test("home's figures arrive on a slow connection without moving what is already on the screen", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.total += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // As on 3G: the page has painted with its placeholders, fonts included, before the figures come.
  const sendFigures = await holdRequests(page, '**/api/home')
  await page.goto('/')
  const figures = page.locator('section[aria-labelledby="impact-heading"] li')
  await expect(figures.first()).toContainText('—')
  await page.evaluate(async () => {
    await document.fonts.ready
    ;(window as unknown as WithShifts).shifts.total = 0
  })
  sendFigures()
  await expect(figures.first()).not.toContainText('—')
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
  const total = await page.evaluate(() => (window as unknown as WithShifts).shifts.total)
  expect(total).toBe(0)
  await context.close()
})
