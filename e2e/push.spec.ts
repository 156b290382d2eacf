import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test'
import { signUpAndIn } from './fixtures/accounts'

// 'Notify me on this phone' (docs/decisions/0034-web-push.md). Debian's Chromium here has no push
// service to reach (no Google services, background networking off): the subscribe flow runs up to
// pushManager.subscribe(), which fails, and the user must be told so with nothing stored.

const SWITCH = 'Notify me on this phone'

async function openProfile(page: Page) {
  await signUpAndIn(page, 'recipient', 'E2E Push', { location: 'Nugegoda' })
  await page.goto('/profile')
  // The production build's service worker, which receives the pushes, is running.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  return page.locator('#push-notifications')
}

async function storedDevices(page: Page): Promise<unknown[]> {
  const res = await page.request.get('/api/me/push-subscriptions')
  expect(res.status()).toBe(200)
  return (await res.json()).items
}

async function newPage(browser: import('@playwright/test').Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  return { context, page: await context.newPage() }
}

test('with the permission granted, turning it on asks the push service and says clearly that it could not be reached; nothing is stored', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, { permissions: ['notifications'] })
  const section = await openProfile(page)
  await expect(page.getByRole('region', { name: SWITCH })).toBeVisible()
  const toggle = section.getByRole('switch', { name: SWITCH })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(section.getByText('Off: this phone gets no notifications from Ahara.')).toBeVisible()

  await toggle.click()

  await expect(section.getByRole('alert')).toContainText(
    'Could not turn on notifications on this phone: the browser could not reach its push service.',
  )
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(toggle).toBeEnabled()
  await expect(section.getByText('Off: this phone gets no notifications from Ahara.')).toBeVisible()
  expect(await storedDevices(page)).toEqual([])
  expect(await page.evaluate(() => Notification.permission)).toBe('granted')
  await context.close()
})

test('with notifications blocked, the switch is off and the page says how to allow them again', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  const section = await openProfile(page)
  const toggle = section.getByRole('switch', { name: SWITCH })
  // Headless Chromium answers the permission request itself: blocked.
  await toggle.click()
  await expect(
    section.getByText(/Notifications from Ahara are blocked in this browser\. To allow them/),
  ).toBeVisible()
  await expect(toggle).toBeDisabled()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  expect(await storedDevices(page)).toEqual([])
  await context.close()
})

test('a browser without web push is told so, with the switch disabled', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'PushManager')
  })
  const section = await openProfile(page)
  await expect(section.getByText(/This browser cannot show notifications from Ahara/)).toBeVisible()
  await expect(section.getByRole('switch', { name: SWITCH })).toBeDisabled()
  await context.close()
})

for (const language of ['si', 'ta'] as const) {
  test(`the switch and its states fit a 360 px phone in ${language}`, async ({ browser }) => {
    const { context, page } = await newPage(browser, {
      viewport: { width: 360, height: 740 },
      permissions: ['notifications'],
    })
    await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
    const section = await openProfile(page)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const toggle = section.getByRole('switch')
    await expect(section.getByTestId('push-state')).toHaveAttribute('data-state', 'off')
    await toggle.click()
    await expect(section.getByRole('alert')).toBeVisible()
    await section.scrollIntoViewIfNeeded()
    const box = await toggle.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(sideways).toBeLessThanOrEqual(1)
    await section.screenshot({ path: test.info().outputPath(`push-${language}.png`) })
    await context.close()
  })
}
