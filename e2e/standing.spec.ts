import { expect, request, test } from '@playwright/test'
import { sriLankaToday } from '../src/shared/sri-lanka-time'
import { addDays } from '../src/shared/standing'
import { DEMO_MODERATOR, DEMO_PASSWORD, PASSWORD, signUpAndIn } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

/**
 * Issue 42 at 360 px in Sinhala: a bakery offers about 20 loaves Mon–Sat 19:00–20:00, a children's
 * home takes 15, both through their dashboards, the bakery confirms 12 for the next evening and the home's order, confirmed with its
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

  // The bakery sets the offer up through its dashboard's form, in Sinhala on its phone.
  const categories = await (await bakeryPage.request.get('/api/categories')).json()
  const bread = categories.find((c: { slug: string }) => c.slug === 'bakery').id
  await bakeryPage.goto('/dashboard/donor')
  await bakeryPage.getByRole('button', { name: 'නව නිතිපතා පිරිනැමීමක්' }).click()
  const form = bakeryPage.getByRole('dialog')
  await form.locator('[name="title"]').fill('පාන් ගෙඩි')
  await form.locator('[name="categoryId"]').selectOption(bread)
  await form.locator('[name="quantity"]').fill('20')
  await form.locator('[name="description"]').fill('අද නොවිකුණුණු පාන්')
  // Sent without days first: the error stands beside the days, in Sinhala.
  await form.getByRole('button', { name: 'නිතිපතා පිරිනැමීම අරඹන්න' }).click()
  await expect(form.getByText('සතියේ අවම වශයෙන් එක් දිනයක් තෝරන්න')).toBeVisible()
  for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat']) {
    await form.locator(`[name="days"][value="${day}"]`).check()
  }
  await form.locator('[name="windowStart"]').fill('19:00')
  await form.locator('[name="windowEnd"]').fill('20:00')
  await form.locator('[name="pickupAddress"]').fill('12 Galle Road')
  await form.locator('[name="pickupCity"]').fill('Colombo 03')
  await form.locator('[name="pickupDistrict"]').selectOption('Colombo')
  for (const check of ['freshness', 'hygieneStandards', 'labelingComplete', 'properStorage']) {
    await form.locator(`[name="safetyChecklist.${check}"]`).check()
  }
  await checkPhone(bakeryPage, testInfo, 'si-bakery-regular-offer-form')
  await form.getByRole('button', { name: 'නිතිපතා පිරිනැමීම අරඹන්න' }).click()
  await expect(form).toBeHidden()
  await expect(bakeryPage.locator('[data-standing-offers]')).toContainText('පාන් ගෙඩි')
  const mine = await (await bakeryPage.request.get('/api/standing-offers?as=donor')).json()
  const offer = mine.items.find((o: { title: string }) => o.title === 'පාන් ගෙඩි')
  expect(offer).toMatchObject({ quantity: 20, windowStart: '19:00', windowEnd: '20:00', room: 20 })

  // The home finds it on its dashboard and takes 15 a day through the dialog; 25 is more than is free.
  await homePage.goto('/dashboard/recipient')
  const open = homePage.locator('[data-open-standing-offers] li', { hasText: 'පාන් ගෙඩි' })
  await open.getByRole('button', { name: 'නිතිපතා ලබා ගන්න' }).click()
  const join = homePage.getByRole('dialog')
  await join.locator('[name="quantity"]').fill('25')
  await join.getByRole('button', { name: 'නිතිපතා ලබා ගන්න' }).click()
  await expect(join.getByRole('alert')).toContainText('කොටස් 20ක් පමණි')
  await checkPhone(homePage, testInfo, 'si-home-join-dialog')
  await join.locator('[name="quantity"]').fill('15')
  await join.getByRole('button', { name: 'නිතිපතා ලබා ගන්න' }).click()
  await expect(join).toBeHidden()
  await expect(homePage.locator('[data-standing-offers]')).toContainText('පාන් ගෙඩි')

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

  // The home leaves the arrangement; the bakery pauses its offer for a few days, then ends it.
  await homePage.goto('/dashboard/recipient')
  const arrangement = homePage.locator('[data-standing-offers] > li', { hasText: 'පාන් ගෙඩි' })
  await arrangement.getByRole('button', { name: 'ඉවත් වන්න' }).click()
  await homePage.getByRole('dialog').getByRole('button', { name: 'ඉවත් වන්න' }).click()
  await expect(homePage.getByText('ඔබ තවම කිසිදු නිතිපතා පිරිනැමීමකින් ආහාර ලබා නොගනී.')).toBeVisible()
  const item = bakeryPage.locator('[data-standing-offers] > li', { hasText: 'පාන් ගෙඩි' })
  await item.getByRole('button', { name: 'නවත්වන්න' }).click()
  const pause = bakeryPage.getByRole('dialog')
  await pause.locator('input[type="date"]').fill(addDays(sriLankaToday(), 3))
  await pause.getByRole('button', { name: 'නවත්වන්න' }).click()
  await expect(pause).toBeHidden()
  await expect(item).toContainText('නවතා ඇත')
  await item.getByRole('button', { name: 'අවසන් කරන්න' }).click()
  await bakeryPage.getByRole('dialog').getByRole('button', { name: 'අවසන් කරන්න' }).click()
  await expect(item).toContainText('අවසන්')
  await expect(item.getByRole('button')).toHaveCount(0)
  await bakery.close()
  await home.close()
})
