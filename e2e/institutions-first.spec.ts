import { readFileSync } from 'node:fs'
import { expect, request, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { DEMO_MODERATOR, DEMO_PASSWORD, newAccount, PASSWORD } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { measurePhoneScreen } from './fixtures/phone-checks'

/** The Tamil catalog of a namespace: the journey reads what a Tamil reader reads. */
const ta = (namespace: string) =>
  JSON.parse(readFileSync(`src/shared/locales/ta/${namespace}.json`, 'utf8')) as unknown
const orders = ta('orders') as {
  claimTitle: string
  claimSubmit: string
  claimSuccess_other: string
  upToForYou: string
}
const listings = ta('listings') as { institutionsFirst: string; heldForCareHomes: string }
const findFood = ta('find-food') as { actions: { claim: string } }

/**
 * Institutions first (docs/decisions/0054-organisations-and-their-limits.md, 0055-first-refusal.md):
 * a children's home in Jaffna, verified by a moderator, opens a bakery's 40 loaves on a 360 px phone
 * in Tamil while they are offered to homes first, and claims 30 of them in one order; a person of the
 * district is told to wait.
 */
test("a children's home claims 30 portions of a bakery's first-refusal listing at 360 px in Tamil", async ({
  browser,
}) => {
  // The home signs up for its organisation, in Tamil; the demo moderator verifies it.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ta-LK' })
  await context.addInitScript(() => localStorage.setItem('ahara.language', 'ta'))
  const page = await context.newPage()
  const email = `e2e-home-${Date.now()}@example.lk`
  const signUp = await page.request.post('/api/users', {
    headers: fromApp,
    data: {
      name: 'Selvi Rajan',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      location: 'Nallur',
      district: 'Jaffna',
      phone: '0771234567',
      role: 'recipient',
      language: 'ta',
      agreeToTerms: true,
      organisation: {
        kind: 'childrens-home',
        name: 'Nallur Children’s Home',
        registrationNumber: 'DPCCS/NP/0107',
        capacity: 40,
        contactPerson: 'Selvi Rajan',
      },
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const signIn = await page.request.post('/api/sessions', {
    headers: fromApp,
    data: { email, password: PASSWORD },
  })
  expect(signIn.status()).toBe(200)
  const homeId = (await signIn.json()).id as string
  const moderator = await request.newContext({ baseURL: fromApp.origin, extraHTTPHeaders: fromApp })
  expect(
    (
      await moderator.post('/api/sessions', { data: { email: DEMO_MODERATOR, password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200)
  const verified = await moderator.post(`/api/moderation/organisations/${homeId}/verify`, { data: {} })
  expect(verified.status(), await verified.text()).toBe(200)
  await moderator.dispose()

  // A bakery in Jaffna posts 40 loaves at closing time: offered to the district's homes first.
  const bakery = await newAccount(browser, 'donor', 'Jaffna Bakery', { district: 'Jaffna' })
  const id = await postListing(bakery.request, {
    title: 'Bread loaves',
    quantity: 40,
    pickupCity: 'Jaffna',
    pickupDistrict: 'Jaffna',
  })
  const listing = await (await bakery.request.get(`/api/listings/${id}`)).json()
  expect(listing.institutionsFirstUntil).not.toBeNull()
  const time = sriLankaParts(listing.institutionsFirstUntil).time

  // A person of the district must wait.
  const person = await newAccount(browser, 'recipient', 'Kumar Person', {
    district: 'Jaffna',
    language: 'ta',
  })
  const tooSoon = await person.request.post(`/api/listings/${id}/claims`, {
    headers: fromApp,
    data: {
      quantity: 1,
      pickupDate: sriLankaParts(new Date()).date,
      pickupTime: sriLankaParts(new Date(Date.now() + 40 * 60_000)).time,
      contactMethod: 'phone',
      phone: '0771234567',
    },
  })
  expect(tooSoon.status()).toBe(409)
  expect((await tooSoon.json()).error.message).toBe(`This food is offered to care homes first until ${time}.`)
  // The person is told before any dialog: the hold beside a disabled Claim (issue 39, item 5).
  await person.page.setViewportSize({ width: 360, height: 740 })
  await person.page.goto(`/listings/${id}`)
  await expect(person.page.getByText(listings.heldForCareHomes.replace('{{time}}', time))).toBeVisible()
  await expect(person.page.getByRole('button', { name: findFood.actions.claim })).toBeDisabled()
  await person.page.screenshot({ path: test.info().outputPath('held-for-person.png'), fullPage: true })

  // The home opens the listing in Tamil and reads that it is offered to homes first.
  await page.goto(`/listings/${id}`)
  await expect(page.getByText(listings.institutionsFirst.replace('{{time}}', time))).toBeVisible()
  const listingShot = test.info().outputPath('listing-page.png')
  await page.screenshot({ path: listingShot, fullPage: true })
  await test.info().attach('listing-page', { path: listingShot, contentType: 'image/png' })
  expect.soft((await page.evaluate(measurePhoneScreen)).sideways).toEqual([])
  await page.getByRole('button', { name: findFood.actions.claim }).click()
  const claim = page.getByRole('dialog', { name: orders.claimTitle })
  await claim.getByRole('spinbutton').fill('30')
  await expect(claim.getByRole('spinbutton')).toHaveValue('30')
  const dialogShot = test.info().outputPath('claim-dialog.png')
  await page.screenshot({ path: dialogShot })
  await test.info().attach('claim-dialog', { path: dialogShot, contentType: 'image/png' })
  await claim.getByRole('button', { name: orders.claimSubmit }).click()
  await expect(claim.getByText(orders.claimSuccess_other.replace('{{count}}', '30'))).toBeVisible()

  // Nothing on the phone scrolls sideways, every control is a finger's size.
  const report = await page.evaluate(measurePhoneScreen)
  expect.soft(report.sideways).toEqual([])
  expect.soft(report.small).toEqual([])

  // One order of 30; the bakery sees the home by its name, never its member's.
  const left = await (await bakery.request.get(`/api/listings/${id}`)).json()
  expect(left.quantity).toBe(10)
  const claims = await (await bakery.request.get('/api/claims?as=donor')).json()
  const order = claims.items.find((o: { listing: { id: string } }) => o.listing.id === id)
  expect(order).toMatchObject({
    quantity: 30,
    requester: { name: 'Nallur Children’s Home', organisation: { kind: 'childrens-home' } },
  })
  await context.close()
  await bakery.context.close()
  await person.context.close()
})

test('a person’s claim dialog in Tamil says their own cap, not only what is left', async ({ browser }) => {
  const bakery = await newAccount(browser, 'donor', 'Kandy Bakery', { district: 'Kandy' })
  const id = await postListing(bakery.request, {
    title: 'Bread loaves for everyone',
    quantity: 40,
    pickupCity: 'Kandy',
    pickupDistrict: 'Kandy',
    institutionsFirst: false,
  })
  const person = await newAccount(browser, 'recipient', 'Kamala Person', {
    district: 'Kandy',
    language: 'ta',
  })
  const fairUse = await (await person.request.get('/api/me/fair-use')).json()
  const cap = fairUse.limits.maxDailyFreePortions - fairUse.freePortionsToday
  expect(cap).toBeLessThan(40)
  await person.page.setViewportSize({ width: 360, height: 740 })
  await person.page.goto(`/listings/${id}`)
  // Signed in once the header knows the account.
  await expect(person.page.getByRole('button', { name: /Kamala Person/ })).toBeVisible()
  await person.page.getByRole('button', { name: findFood.actions.claim }).click()
  const claim = person.page.getByRole('dialog', { name: orders.claimTitle })
  await expect(
    claim.getByText(orders.upToForYou.replace('{{max}}', String(cap)).replace('{{available}}', '40')),
  ).toBeVisible()
  await claim.getByRole('spinbutton').fill('40')
  await expect(claim.getByRole('spinbutton')).toHaveValue(String(cap))
  await person.page.screenshot({ path: test.info().outputPath('claim-cap.png') })
  await bakery.context.close()
  await person.context.close()
})
