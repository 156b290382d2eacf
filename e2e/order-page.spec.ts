import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

/** A Tamil text by its key, 'orders.pickup.openInMaps', from the catalogs the app ships. */
function ta(key: string): string {
  const [file = '', ...path] = key.split('.')
  let node: unknown = JSON.parse(readFileSync(`src/shared/locales/ta/${file}.json`, 'utf8'))
  for (const part of path) node = (node as Record<string, unknown>)[part]
  if (typeof node !== 'string') throw new Error(`no Tamil text ${key}`)
  return node
}

test('a Tamil recipient’s order page leads with the pickup code and QR, with directions beside the place; a wrong code says the tries left', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Tharshini Order', { district: 'Jaffna', language: 'ta' })
  const recipient = await newAccount(browser, 'recipient', 'Selvam Order', {
    district: 'Jaffna',
    language: 'ta',
  })
  await recipient.page.setViewportSize({ width: 360, height: 740 })
  await donor.page.setViewportSize({ width: 360, height: 740 })
  const title = `தோசை ${Date.now()}`
  const listingId = await postListing(donor.request, {
    title,
    pickupAddress: '14 Temple Road',
    pickupCity: 'Nallur',
    pickupDistrict: 'Jaffna',
  })
  const { date, time } = sriLankaParts(new Date(Date.now() + 30 * 60_000))
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 1, pickupDate: date, pickupTime: time, contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  const id = (await claim.json()).id as string

  // Before approval the place is the town: the map searches for it and says so.
  const page = recipient.page
  await page.goto(`/orders/${id}`)
  const maps = page.getByRole('link', { name: ta('orders.pickup.openInMaps') })
  await expect(maps).toHaveAttribute('href', 'geo:0,0?q=Nallur%2C%20Jaffna%2C%20Sri%20Lanka')
  await expect(page.getByText(ta('orders.pickup.roughPlace'))).toBeVisible()

  expect((await donor.request.post(`/api/claims/${id}/approve`, { headers: fromApp })).status()).toBe(200)
  await page.reload()
  const code = page.locator('[data-pickup-code]')
  await expect(code).toHaveText(/^\d{3} \d{3}$/)
  // First and largest: the code and its QR fill the top of the phone; the order number is small, below.
  await expect(code).toBeInViewport()
  await expect(page.getByRole('img', { name: /QR/ })).toBeInViewport()
  const number = page.locator('[data-order-number]')
  const [codeBox, numberBox] = [await code.boundingBox(), await number.boundingBox()]
  expect(codeBox!.y).toBeLessThan(numberBox!.y)
  const size = (selector: string) =>
    page.locator(selector).evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize))
  expect(await size('[data-pickup-code]')).toBeGreaterThan(3 * (await size('[data-order-number]')))
  // The street once approved, in the phone's maps app and on OpenStreetMap.
  await expect(maps).toHaveAttribute('href', /^geo:0,0\?q=14%20Temple%20Road%2C%20Nallur%2C%20Jaffna/)
  await expect(page.getByRole('link', { name: ta('orders.pickup.openStreetMap') })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/search\?query=14%20Temple%20Road/,
  )
  await page.screenshot({ path: test.info().outputPath('order-page-ta.png'), fullPage: true })
  const digits = ((await code.textContent()) ?? '').replace(' ', '')

  // The donor types a wrong code: the body and the screen say how many tries are left.
  const wrong = digits === '000000' ? '000001' : '000000'
  const refused = await donor.request.post(`/api/claims/${id}/complete`, {
    headers: fromApp,
    data: { code: wrong },
  })
  expect(refused.status()).toBe(400)
  expect((await refused.json()).error.params).toEqual({ triesLeft: 4 })
  await donor.page.goto('/dashboard/donor?tab=claims')
  const row = donor.page.getByRole('row', { name: new RegExp(title) })
  await row.getByRole('button', { name: ta('handover.confirm') }).click()
  const dialog = donor.page.getByRole('dialog')
  await dialog.getByLabel(ta('handover.code')).fill(wrong)
  await dialog.locator('button[type=submit]').click()
  await expect(
    dialog.getByText(ta('handover.errors.triesLeft_other').replace('{{count}}', '3')),
  ).toBeVisible()
  await donor.page.screenshot({ path: test.info().outputPath('tries-left-ta.png') })
  await donor.context.close()
  await recipient.context.close()
})
