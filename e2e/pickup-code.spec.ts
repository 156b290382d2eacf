import { expect, type Page, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { type Account, newAccount } from './fixtures/accounts'
import { fakeCameraLaunch, showToCamera } from './fixtures/fake-camera'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { scrollThrough } from './fixtures/scroll'

/**
 * The handover (docs/decisions/0047-pickup-codes.md) on 360 px phones: the recipient shows the
 * pickup code on their order page, the donor types it under "Confirm pickup"; typed without a
 * connection, the confirmation waits on the phone and is sent when the network returns. The browser's
 * camera films whatever a test puts in front of it (fixtures/fake-camera.ts).
 */
const PHONE = { width: 360, height: 740 }

test.use({ launchOptions: fakeCameraLaunch })

let donor: Account
let recipient: Account

/** A listing of the donor's claimed by the recipient and approved; the claim's id. */
async function approvedClaim(title: string, by: Account = donor): Promise<string> {
  const listingId = await postListing(by.request, { title })
  const { date, time } = sriLankaParts(new Date(Date.now() + 30 * 60_000))
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 1, pickupDate: date, pickupTime: time, contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  const id = (await claim.json()).id as string
  expect((await by.request.post(`/api/claims/${id}/approve`, { headers: fromApp })).status()).toBe(200)
  return id
}

/** The code as the recipient's order page shows it, read off the page. */
async function codeOnOrderPage(page: Page, id: string): Promise<string> {
  await page.goto(`/orders/${id}`)
  const digits = page.locator('[data-pickup-code]')
  await expect(digits).toHaveText(/^\d{3} \d{3}$/)
  await expect(page.getByRole('img', { name: /QR code of the pickup code/ })).toBeVisible()
  return ((await digits.textContent()) ?? '').replace(' ', '')
}

test.beforeAll(async ({ browser }) => {
  donor = await newAccount(browser, 'donor', 'Sunil Donor')
  recipient = await newAccount(browser, 'recipient', 'Malini Recipient')
  await donor.page.setViewportSize(PHONE)
  await recipient.page.setViewportSize(PHONE)
})

// A journey that failed offline leaves the next one online.
test.afterEach(async () => {
  await donor.context.setOffline(false)
})

test.afterAll(async () => {
  await donor.context.close()
  await recipient.context.close()
})

// The code typed by hand is the last step of the claim's journey, in every language (approval.spec.ts).
test("the donor scans the QR code on the recipient's phone with the camera", async () => {
  const title = `Pol roti ${Date.now()}`
  const id = await approvedClaim(title)
  const code = await codeOnOrderPage(recipient.page, id)
  await showToCamera(
    await recipient.page.getByRole('img', { name: /QR code of the pickup code/ }).screenshot(),
  )

  const page = donor.page
  await page.goto('/dashboard/donor?tab=claims')
  const row = page.getByRole('row', { name: new RegExp(title) })
  await row.getByRole('button', { name: 'Confirm pickup' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm pickup' })
  await dialog.getByRole('button', { name: 'Scan the QR code' }).click()
  // The camera closes by itself once it has read the code, and the code is in the field.
  await expect(dialog.getByLabel('Pickup code')).toHaveValue(code, { timeout: 15_000 })
  await expect(dialog.locator('[data-qr-camera]')).toBeHidden()
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByText('Handover confirmed with the pickup code')).toBeVisible()
})

test('a confirmation typed offline waits on the phone and is sent when the network returns', async () => {
  const title = `Lamprais ${Date.now()}`
  const id = await approvedClaim(title)
  const code = await codeOnOrderPage(recipient.page, id)

  const page = donor.page
  await page.goto('/dashboard/donor?tab=claims')
  const row = page.getByRole('row', { name: new RegExp(title) })
  await row.getByRole('button', { name: 'Confirm pickup' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm pickup' })
  await donor.context.setOffline(true)
  await dialog.getByLabel('Pickup code').fill(code)
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
  await expect(page.getByText('No connection: the confirmation is saved on this phone')).toBeVisible()
  await expect(page.getByText('1 pickup confirmation is waiting for a connection.')).toBeVisible()

  await donor.context.setOffline(false)
  await expect(page.getByText('1 pickup confirmation is waiting for a connection.')).toBeHidden()
  await expect(row.getByText('Handover confirmed with the pickup code')).toBeVisible()
  const order = await recipient.request.get(`/api/claims/${id}`)
  expect(await order.json()).toMatchObject({ status: 'completed', handoverVerified: true })
})

test('at a door without data, a donor who never opened the form before scans the code, and it waits on the phone', async ({
  browser,
}) => {
  // A phone that opened the Food Claims tab once, at home, and nothing more.
  const homeDonor = await newAccount(browser, 'donor', 'Kamala Donor')
  await homeDonor.page.setViewportSize(PHONE)
  const title = `Kavum ${Date.now()}`
  const id = await approvedClaim(title, homeDonor)
  const code = await codeOnOrderPage(recipient.page, id)
  await showToCamera(
    await recipient.page.getByRole('img', { name: /QR code of the pickup code/ }).screenshot(),
  )

  const page = homeDonor.page
  const formFetched = page.waitForResponse(/\/assets\/ConfirmPickupDialog-[^/]*\.js$/)
  const decoderFetched = page.waitForResponse(/\/assets\/jsQR-[^/]*\.js$/)
  await page.goto('/dashboard/donor?tab=claims')
  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row.getByRole('button', { name: 'Confirm pickup' })).toBeVisible()
  await Promise.all([formFetched, decoderFetched])

  await homeDonor.context.setOffline(true)
  await row.getByRole('button', { name: 'Confirm pickup' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm pickup' })
  await dialog.getByRole('button', { name: 'Scan the QR code' }).click()
  await expect(dialog.getByLabel('Pickup code')).toHaveValue(code, { timeout: 15_000 })
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
  await expect(page.getByText('1 pickup confirmation is waiting for a connection.')).toBeVisible()

  await homeDonor.context.setOffline(false)
  await expect(row.getByText('Handover confirmed with the pickup code')).toBeVisible()
  await homeDonor.context.close()
})

test('a confirmation kept offline is sent from whichever page the donor has open when the network returns', async () => {
  const title = `Kottu ${Date.now()}`
  const id = await approvedClaim(title)
  const code = await codeOnOrderPage(recipient.page, id)

  const page = donor.page
  // Find Food seen once, so that it opens offline too (as on a phone).
  await page.goto('/find-food')
  await expect(page.getByRole('heading', { name: 'Find Food', level: 1 })).toBeVisible()
  await page.goto('/dashboard/donor?tab=claims')
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: 'Confirm pickup' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Confirm pickup' })
  await donor.context.setOffline(true)
  await dialog.getByLabel('Pickup code').fill(code)
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
  await expect(page.getByText('1 pickup confirmation is waiting for a connection.')).toBeVisible()
  // Still offline, the donor leaves the dashboard for Find Food (in the app, no reload).
  await page.evaluate(() => {
    history.pushState(null, '', '/find-food')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: 'Find Food', level: 1 })).toBeVisible()

  await donor.context.setOffline(false)
  await expect
    .poll(async () => (await (await recipient.request.get(`/api/claims/${id}`)).json()).status)
    .toBe('completed')
})

test('the impact page and the donor dashboard show the outcome figures, the districts as a tile map', async () => {
  const page = donor.page
  await page.goto('/impact')
  await expect(page.getByRole('heading', { name: 'Environmental Impact' })).toBeVisible()
  await scrollThrough(page)
  const outcomes = page.getByRole('region', { name: 'What Happened to the Food' })
  await expect(outcomes.getByText('Pickups collected').first()).toBeVisible()
  await expect(outcomes.getByText('Handovers verified with the code').first()).toBeVisible()
  const map = outcomes.getByRole('list', { name: 'Pickups collected in each district' })
  await expect(map.getByRole('listitem')).toHaveCount(25)
  // Every pickup of the donor's was collected with the code, in Colombo.
  await expect(map.getByRole('listitem', { name: /^Colombo: \d+% collected$/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  // The districts' table is built when opened, with a row for each district.
  await outcomes.getByText("Every district's figures").click()
  const table = outcomes.getByRole('table', { name: 'District', exact: true })
  await expect(table.getByRole('row', { name: /^Colombo/ })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(26)

  await page.goto('/dashboard/donor?tab=impact')
  const mine = page.locator('[data-outcomes]')
  await expect(mine.getByText('Handovers verified with the code')).toBeVisible()
  await expect(mine.getByText('100%').first()).toBeVisible()
})
