import { type Browser, expect, type Page, test } from '@playwright/test'
import { sriLankaParts, sriLankaToday } from '../src/shared/sri-lanka-time'
import { signUpAndIn } from './fixtures/accounts'
import { checkPhone } from './fixtures/phone-checks'

/**
 * Setting a place (docs/decisions/0073-setting-a-place.md) on a 360 px phone: a Tamil donor finds
 * Kandy by typing கண்டி and posts with its point; a Sinhala volunteer sets their home area by typing
 * මහනුවර and how far they go. Tiles are never asked for: the picker works without the map.
 */
const PHONE = { width: 360, height: 740 }
// GeoNames' point of Kandy, as the gazetteer has it.
const KANDY = { lat: 7.2906, lng: 80.6336 }

async function phone(
  browser: Browser,
  locale: string,
  role: 'donor' | 'volunteer',
  name: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale })
  // No test reaches the internet: a map tile asked for would fail the journey.
  await context.route(/^https?:\/\/(?!localhost)/, (route) => route.abort())
  const page = await context.newPage()
  await signUpAndIn(page, role, name)
  return page
}

test('a Tamil donor sets the pickup place by typing கண்டி and choosing Kandy; the listing carries its point', async ({
  browser,
}, testInfo) => {
  const page = await phone(browser, 'ta-LK', 'donor', 'Place Donor')
  await page.goto('/donate')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta')
  const form = page.locator('main form')
  const next = form.locator('button[type="submit"]')
  await form.locator('input[name="title"]').fill('Rice and dhal for twenty')
  await form.locator('select[name="categoryId"]').selectOption({ index: 2 })
  await form.locator('input[name="quantity"]').fill('20')
  await form.locator('textarea[name="description"]').fill('Freshly cooked this afternoon, packed in boxes.')
  await form.locator('input[type="file"]').setInputFiles('e2e/fixtures/photo.jpg')
  await expect(form.locator('li img + button')).toHaveCount(1)
  await next.click()

  // The town search: a combobox whose options are named in Tamil.
  const search = form.getByRole('combobox', { name: 'ஊரைத் தேடுங்கள்' })
  await expect(search).toBeVisible()
  await search.fill('கண்டி')
  const kandy = form.getByRole('listbox').getByRole('option').filter({ hasText: 'கண்டி மாவட்டம்' }).first()
  await expect(kandy).toBeVisible()
  await expect(kandy).toContainText('கண்டி')
  await checkPhone(page, testInfo, 'ta-donor-town-options')
  await kandy.click()

  // Chosen: the town and district are filled, and the place reads as the town's centre.
  await expect(form.locator('input[name="pickupCity"]')).toHaveValue('Kandy')
  await expect(form.locator('select[name="pickupDistrict"]')).toHaveValue('Kandy')
  await expect(form.getByText('ஊரின் மையம்')).toBeVisible()
  await expect(form.getByRole('button', { name: 'மாற்று' })).toBeVisible()
  await checkPhone(page, testInfo, 'ta-donor-town-chosen')

  await form.locator('input[name="pickupAddress"]').fill('12 Peradeniya Road')
  const start = sriLankaParts(new Date(Date.now() + 3_600_000))
  await form.locator('input[name="pickupDate"]').fill(start.date)
  await form.locator('input[name="pickupTimeStart"]').fill(start.time)
  const tomorrow = new Date(Date.parse(`${sriLankaToday()}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10)
  await form.locator('input[name="expiryDate"]').fill(tomorrow)
  await form.locator('input[name="expiryTime"]').fill('12:00')
  await next.click()

  const checks = form.locator('input[type="checkbox"]')
  await expect(checks.first()).toBeVisible()
  for (const box of await checks.all()) await box.check()
  await next.click()
  await expect(form.locator('dl')).toBeVisible()

  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/listings') && r.request().method() === 'POST',
  )
  await form.locator('button[type="submit"]').click()
  const answer = await posted
  expect(answer.status(), await answer.text()).toBe(201)
  const { id } = (await answer.json()) as { id: string }

  // The donor, who may see the street, sees the exact point: Kandy's.
  const listing = await page.request.get(`/api/listings/${id}`)
  expect(listing.status()).toBe(200)
  expect((await listing.json()).pickupPoint).toEqual(KANDY)
  await page.context().close()
})

test('a Sinhala volunteer sets their home area by typing මහනුවර and how far they go', async ({
  browser,
}, testInfo) => {
  const page = await phone(browser, 'si-LK', 'volunteer', 'Place Volunteer')
  await page.goto('/profile')
  await expect(page.locator('html')).toHaveAttribute('lang', 'si')
  await page.getByRole('button', { name: 'පැතිකඩ සංස්කරණය කරන්න' }).click()
  const form = page.locator('main form')

  const search = form.getByRole('combobox', { name: 'නගරය සොයන්න' })
  await search.fill('මහනුවර')
  // The keyboard chooses too: down to the first option, Enter (which must not submit the form).
  const first = form.getByRole('listbox').getByRole('option').first()
  await expect(first).toContainText('මහනුවර')
  await search.press('ArrowDown')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await checkPhone(page, testInfo, 'si-volunteer-town-options')
  await search.press('Enter')
  await expect(form.getByText('නගරයේ මධ්‍යය')).toBeVisible()
  await expect(form.locator('select[name="district"]')).toHaveValue('Kandy')

  const reach = form.locator('input[name="reachKm"]')
  await expect(reach).toHaveValue('10')
  // Out of range: the field says so in Sinhala, and nothing is saved.
  await reach.fill('300')
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('ඔබ යන දුර තෝරන්න: කි.මී. 1 සිට 100 දක්වා.')).toBeVisible()
  await reach.fill('25')
  await checkPhone(page, testInfo, 'si-volunteer-profile')
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH')
  await form.locator('button[type="submit"]').click()
  const answer = await saved
  expect(answer.status(), await answer.text()).toBe(200)

  const me = await (await page.request.get('/api/me')).json()
  expect(me.reachKm).toBe(25)
  expect(me.homePoint).toEqual(KANDY)
  expect(me.location).toBe('Kandy')
  await page.context().close()
})
