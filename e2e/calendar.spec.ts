import { expect, request as newRequest, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing, soonPickup } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

/**
 * The private calendar subscription (docs/decisions/0047-pickup-codes.md): made on the profile, its
 * webcal:// link shown once; the feed is read without a session and stops with the link.
 */
test('a recipient subscribes to their pickups from the profile and stops the link', async ({
  browser,
  baseURL,
}) => {
  const donor = await newAccount(browser, 'donor', 'Calendar Donor')
  const recipient = await newAccount(browser, 'recipient', 'Calendar Recipient')
  const title = `Calendar kiribath ${Date.now()}`
  const listingId = await postListing(donor.request, { title })
  const claim = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: { quantity: 1, ...soonPickup(), contactMethod: 'phone', phone: '0779876543' },
  })
  expect(claim.status(), await claim.text()).toBe(201)

  const { page } = recipient
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Calendar subscription' })
  await section.getByRole('button', { name: 'Make a calendar link' }).click()
  const subscribe = section.getByRole('link', { name: 'Add to my calendar' })
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/.+\/api\/calendar\/[\w-]{32}\/ahara\.ics$/)
  const url = await section.getByLabel(/Calendar link/).inputValue()

  // A calendar app has no session: the link alone reads the feed.
  const anonymous = await newRequest.newContext({ baseURL })
  const path = new URL(url).pathname
  const feed = await anonymous.get(path)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await feed.text()).toContain(`SUMMARY:Collect "${title}" (Ahara)`)

  await page.reload()
  await expect(section.getByText(/A calendar link is on since/)).toBeVisible()
  await section.getByRole('button', { name: 'Stop the link' }).click()
  await expect(section.getByRole('button', { name: 'Make a calendar link' })).toBeVisible()
  expect((await anonymous.get(path)).status()).toBe(404)

  await anonymous.dispose()
  await Promise.all([donor.context.close(), recipient.context.close()])
})
