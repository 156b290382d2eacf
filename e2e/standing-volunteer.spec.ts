import { expect, test } from '@playwright/test'
import { sriLankaToday } from '../src/shared/sri-lanka-time'
import { weekdayOf } from '../src/shared/standing'
import { signUpAndIn } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

/**
 * Issue 42's volunteer at 360 px in Sinhala: a home on a bakery's arrangement asks for delivery, a
 * volunteer takes the weekday of the next evening on their schedule, the home sees who delivers it,
 * and when the bakery posts that evening the delivery is already the volunteer's
 * (docs/decisions/0069-standing-deliveries.md).
 */
const PHONE = { width: 360, height: 740 }

test('a volunteer who takes a weekday of a standing arrangement, in Sinhala on a phone', async ({
  browser,
}, testInfo) => {
  const open = async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'si-LK' })
    return { context, page: await context.newPage() }
  }
  const bakery = await open()
  await signUpAndIn(bakery.page, 'donor', 'Perera Bakery')
  const home = await open()
  await signUpAndIn(home.page, 'recipient', 'Hope Home')
  const volunteer = await open()
  await signUpAndIn(volunteer.page, 'volunteer', 'Nimal Perera')

  const categories = await (await bakery.page.request.get('/api/categories')).json()
  const created = await bakery.page.request.post('/api/standing-offers', {
    headers: fromApp,
    data: {
      title: 'පොල් රොටි',
      categoryId: categories.find((c: { slug: string }) => c.slug === 'bakery').id,
      description: 'අද නොවිකුණුණු පාන්',
      quantity: 20,
      type: 'free',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      windowStart: '19:00',
      windowEnd: '20:00',
      pickupAddress: '12 Galle Road',
      pickupCity: 'Colombo 03',
      pickupDistrict: 'Colombo',
      safetyChecklist: {
        freshness: true,
        hygieneStandards: true,
        labelingComplete: true,
        properStorage: true,
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const offer = await created.json()
  const joined = await home.page.request.post(`/api/standing-offers/${offer.id}/takers`, {
    headers: fromApp,
    data: { quantity: 8 },
  })
  expect(joined.status(), await joined.text()).toBe(201)

  // The home asks for delivery on its arrangement, with the delivery dialog's fields.
  await home.page.goto('/dashboard/recipient')
  const arrangement = home.page.locator('[data-standing-offers] > li', { hasText: 'පොල් රොටි' })
  await arrangement.getByRole('button', { name: 'බෙදාහැරීම ඉල්ලන්න' }).click()
  const ask = home.page.getByRole('dialog')
  await ask.locator('[name="address"]').fill('5 Temple Lane')
  await ask.locator('[name="city"]').fill('Dehiwala')
  await ask.locator('[name="district"]').selectOption('Colombo')
  await ask.locator('[name="phone"]').fill('0771234567')
  await checkPhone(home.page, testInfo, 'si-home-ask-delivery')
  await ask.getByRole('button', { name: 'බෙදාහැරීම ඉල්ලන්න' }).click()
  await expect(ask).toBeHidden()
  await expect(arrangement).toContainText('තවමත් කිසිදු ස්වේච්ඡා සේවකයෙකු දිනයක් භාර ගෙන නැත')

  // The volunteer takes the weekday of the next evening after today on their schedule.
  const date = offer.nextOccurrences.find((d: string) => d > sriLankaToday())
  await volunteer.page.goto('/volunteer/schedule')
  const item = volunteer.page.locator('[data-standing-deliveries] li', { hasText: 'පොල් රොටි' })
  await item.getByRole('button', { name: 'දින භාර ගන්න' }).click()
  const take = volunteer.page.getByRole('dialog')
  // Sent without a day first: the error stands beside the days, in Sinhala.
  await take.getByRole('button', { name: 'මෙම දින භාර ගන්න' }).click()
  await expect(take.getByText('බෙදාහැරීමට මෙම පිරිනැමීමේ දින අතරින් අවම වශයෙන් එකක් තෝරන්න')).toBeVisible()
  await take.locator(`input[value="${weekdayOf(date)}"]`).check()
  await checkPhone(volunteer.page, testInfo, 'si-volunteer-take-days')
  await take.getByRole('button', { name: 'මෙම දින භාර ගන්න' }).click()
  await expect(take).toBeHidden()
  await expect(item).toContainText('ඔබේ දින:')
  await checkPhone(volunteer.page, testInfo, 'si-volunteer-schedule')

  await home.page.reload()
  await expect(arrangement.locator('[data-standing-deliverers]')).toContainText('Nimal Perera')
  await checkPhone(home.page, testInfo, 'si-home-deliverers')

  // The bakery posts that evening: the home's delivery is already the volunteer's.
  const confirmed = await bakery.page.request.post(
    `/api/standing-offers/${offer.id}/occurrences/${date}/confirm`,
    { headers: fromApp, data: { quantity: 12 } },
  )
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  await expect(async () => {
    const mine = await (await volunteer.page.request.get('/api/deliveries?as=volunteer')).json()
    expect(mine.items).toContainEqual(
      expect.objectContaining({ status: 'assigned', city: 'Dehiwala', quantity: 8 }),
    )
  }).toPass()
  await volunteer.page.reload()
  await expect(volunteer.page.locator('main')).toContainText('5 Temple Lane')
  await checkPhone(volunteer.page, testInfo, 'si-volunteer-schedule-day')
  for (const side of [bakery, home, volunteer]) await side.context.close()
})

test('the regular deliveries of a schedule and an arrangement card, in Tamil on a phone', async ({
  browser,
}, testInfo) => {
  const open = async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ta-LK' })
    return { context, page: await context.newPage() }
  }
  const bakery = await open()
  await signUpAndIn(bakery.page, 'donor', 'Jaffna Bakery')
  const home = await open()
  await signUpAndIn(home.page, 'recipient', 'Anbu Illam')
  const volunteer = await open()
  await signUpAndIn(volunteer.page, 'volunteer', 'Kumaran Selvarajah')
  const post = async (page: typeof home.page, url: string, data: object, method = 'post') => {
    const res = await page.request.fetch(url, { method, headers: fromApp, data })
    expect(res.status(), await res.text()).toBeLessThan(300)
    return res.json()
  }
  const categories = await (await bakery.page.request.get('/api/categories')).json()
  const offer = await post(bakery.page, '/api/standing-offers', {
    title: 'பாண்',
    categoryId: categories.find((c: { slug: string }) => c.slug === 'bakery').id,
    description: 'இன்று விற்காத பாண்',
    quantity: 20,
    type: 'free',
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    windowStart: '19:00',
    windowEnd: '20:00',
    pickupAddress: '12 Galle Road',
    pickupCity: 'Colombo 03',
    pickupDistrict: 'Colombo',
    safetyChecklist: { freshness: true, hygieneStandards: true, labelingComplete: true, properStorage: true },
  })
  const { takers } = await post(home.page, `/api/standing-offers/${offer.id}/takers`, { quantity: 8 })
  await post(
    home.page,
    `/api/standing-offers/${offer.id}/takers/me/delivery`,
    { address: '5 Temple Lane', city: 'Wellawatte', district: 'Colombo', phone: '0771234567' },
    'put',
  )
  await post(volunteer.page, `/api/standing-offers/${offer.id}/takers/${takers[0].id}/deliveries`, {
    days: ['tue', 'thu'],
  })

  await volunteer.page.goto('/volunteer/schedule')
  const item = volunteer.page.locator('[data-standing-deliveries] li', { hasText: 'பாண்' })
  await expect(item).toContainText('உங்கள் நாட்கள்:')
  await checkPhone(volunteer.page, testInfo, 'ta-volunteer-schedule')
  await item.getByRole('button', { name: 'நாட்களை மாற்றவும்' }).click()
  await expect(volunteer.page.getByRole('dialog').locator('input[value="tue"]')).toBeChecked()
  await checkPhone(volunteer.page, testInfo, 'ta-volunteer-change-days')

  await home.page.goto('/dashboard/recipient')
  const arrangement = home.page.locator('[data-standing-offers] > li', { hasText: 'பாண்' })
  await expect(arrangement.locator('[data-standing-deliverers]')).toContainText('Kumaran Selvarajah')
  await checkPhone(home.page, testInfo, 'ta-home-deliverers')
  await arrangement.getByRole('button', { name: 'விநியோகத்தை மாற்று' }).click()
  await checkPhone(home.page, testInfo, 'ta-home-change-delivery')
  for (const side of [bakery, home, volunteer]) await side.context.close()
})
