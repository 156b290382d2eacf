import { expect, test } from '@playwright/test'
import { axeOf } from './fixtures/axe'

const ROUTES = [
  '/',
  '/find-food',
  '/donate',
  '/community',
  '/impact',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/dashboard/donor',
  '/dashboard/recipient',
  '/dashboard/volunteer',
  '/volunteer',
  '/volunteer/schedule',
  '/help',
  '/safety',
  '/guidelines',
  '/contact',
  '/privacy',
  '/terms',
]

test('every route renders inside the header and footer, without accessibility violations', async ({
  page,
}) => {
  // Twenty pages, each with a full axe scan: three minutes can be too short with two workers on the
  // slowest host seen (docs/decisions/0065-light-on-the-cheapest-phone.md, third addendum).
  test.setTimeout(360_000)
  for (const route of ROUTES) {
    await page.goto(route)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const results = await axeOf(page).analyze()
    expect(results.violations.map((v) => `${route}: ${v.id}`)).toEqual([])
  }
})

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
})

test('the language switch translates the header, keeps the choice and sets <html lang>', async ({ page }) => {
  await page.goto('/')
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Find Food' })).toBeVisible()

  await banner.getByLabel('Language').selectOption('si')
  await expect(page.getByText('භාෂාව සිංහල ලෙස වෙනස් කරන ලදී')).toBeVisible()
  await expect(banner.getByRole('link', { name: 'ආහාර සොයන්න' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'si')
  await expect(page.getByText('භාෂාව සිංහල ලෙස වෙනස් කරන ලදී')).toBeHidden({ timeout: 5000 })

  await page.reload()
  await expect(banner.getByRole('link', { name: 'ආහාර සොයන්න' })).toBeVisible()

  await banner.getByLabel('භාෂාව').selectOption('ta')
  await expect(banner.getByRole('link', { name: 'உணவைத் தேடுக' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta')

  await banner.getByLabel('மொழி').selectOption('en')
  await expect(banner.getByRole('link', { name: 'Find Food' })).toBeVisible()
})

test('the mobile menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.locator('#mobile-menu').getByRole('link', { name: 'Community' }).click()
  await expect(page).toHaveURL('/community')
  await expect(page.locator('#mobile-menu')).toBeHidden()
})

test('the API answers health checks', async ({ request }) => {
  const res = await request.get('/api/health')
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' })
})
