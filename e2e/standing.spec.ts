import { expect, request, test } from '@playwright/test'
import { sriLankaToday } from '../src/shared/sri-lanka-time'
import { DEMO_MODERATOR, DEMO_PASSWORD, PASSWORD, signUpAndIn } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

/**
 * Issue 42 at 360 px in Sinhala: a bakery offers about 20 loaves Mon–Sat 19:00–20:00, a children's
 * home takes 15, the bakery confirms 12 for the next evening and the home's order, confirmed with its
 * pickup code, is already on its dashboard beside the arrangement (docs/decisions/0068-standing-arrangements.md).
 */
const PHONE = { width: 360, height: 740 }

test('a bakery and a home on a standing arrangement, in Sinhala on a phone', async ({
  browser,
}, testInfo) => {
  const bakery = await browser.newContext({ viewport: PHONE, locale: 'si-LK' })
  const bakeryPage = await bakery.newPage()
  await signUpAndIn(bakeryPage, 'donor', 'Perera Bakery')
  const home = await browser.newContext({ viewport: PHONE, locale: 'si-LK' })
  const homePage = await home.newPage()
  // A children's home signs up for its organisation and the demo moderator verifies it: its capacity
  // sets its limits, as for claims (docs/decisions/0054-organisations-and-their-limits.md).
  const email = `e2e-standing-home-${Date.now()}@example.lk`
  const signUp = await homePage.request.post('/api/users', {
    headers: fromApp,
    data: {
      name: 'Hope Home',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      location: 'Wellawatte',
      district: 'Colombo',
      role: 'recipient',
      agreeToTerms: true,
      organisation: {
        kind: 'childrens-home',
        name: 'Hope Children’s Home',
        registrationNumber: 'DPCCS/WP/0042',
        capacity: 40,
        contactPerson: 'Hope Home',
      },
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const signIn = await homePage.request.post('/api/sessions', {
    headers: fromApp,
    data: { email, password: PASSWORD },
  })
  expect(signIn.status()).toBe(200)
  const moderator = await request.newContext({ baseURL: fromApp.origin, extraHTTPHeaders: fromApp })
  await moderator.post('/api/sessions', { data: { email: DEMO_MODERATOR, password: DEMO_PASSWORD } })
  const homeId = (await signIn.json()).id as string
  expect(
    (await moderator.post(`/api/moderation/organisations/${homeId}/verify`, { data: {} })).status(),
  ).toBe(200)
  await moderator.dispose()

  const categories = await (await bakeryPage.request.get('/api/categories')).json()
  const bread = categories.find((c: { slug: string }) => c.slug === 'bakery').id
  const created = await bakeryPage.request.post('/api/standing-offers', {
    headers: fromApp,
    data: {
      title: 'පාන් ගෙඩි',
      categoryId: bread,
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
  const joined = await homePage.request.post(`/api/standing-offers/${offer.id}/takers`, {
    headers: fromApp,
    data: { quantity: 15 },
  })
  expect(joined.status(), await joined.text()).toBe(201)

  // The next evening after today (tonight's may already be past its window).
  const date = offer.nextOccurrences.find((d: string) => d > sriLankaToday())
  const confirmed = await bakeryPage.request.post(
    `/api/standing-offers/${offer.id}/occurrences/${date}/confirm`,
    {
      headers: fromApp,
      data: { quantity: 12 },
    },
  )
  expect(confirmed.status(), await confirmed.text()).toBe(200)

  const claims = await (await homePage.request.get('/api/claims?as=requester')).json()
  const order = claims.items.find((c: { listing: { title: string } }) => c.listing.title === 'පාන් ගෙඩි')
  expect(order).toMatchObject({ status: 'confirmed', quantity: 12 })
  expect(order.pickupCode).toMatch(/^\d{6}$/)

  await homePage.goto('/dashboard/recipient')
  await expect(homePage.locator('html')).toHaveAttribute('lang', 'si')
  await expect(homePage.getByText('නිතිපතා එකඟතා')).toBeVisible()
  await expect(homePage.locator('[data-standing-offers]')).toContainText('පාන් ගෙඩි')
  await checkPhone(homePage, testInfo, 'si-home-dashboard')
  // Its approved pickup is on the dashboard; the order summary shows the code to give at the door.
  await homePage.goto(`/orders/${order.id}`)
  await expect(homePage.locator('main')).toContainText(order.pickupCode.slice(0, 3))
  await checkPhone(homePage, testInfo, 'si-home-order')

  await bakeryPage.goto('/dashboard/donor')
  await expect(bakeryPage.locator('[data-standing-offers]')).toContainText('Hope Children’s Home')
  await checkPhone(bakeryPage, testInfo, 'si-bakery-dashboard')
  await bakery.close()
  await home.close()
})
