import { expect, type Page, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'

const ADDRESS = '48 Lotus Lane'
const DONOR_PHONE = '0714445566'

/** A free listing with a pickup window and the donor's phone for approved recipients. */
function postWindowedListing(donor: Page, title: string) {
  // A window from an hour from now, before the food expires: the dialog offers its times.
  const start = sriLankaParts(new Date(Date.now() + 3_600_000))
  return postListing(donor.request, {
    title,
    quantity: 6,
    pickupAddress: ADDRESS,
    pickupCity: 'Wellawatte',
    pickupPostalCode: '00600',
    pickupDate: start.date,
    pickupTimeStart: start.time,
    sharePhone: true,
    contactPhone: DONOR_PHONE,
    shareEmail: false,
  })
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a recipient claims, the donor accepts from the bell, the recipient gets the address, the summary and the e-mail', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Ruwani Fernando')
  const recipient = await newAccount(browser, 'recipient', 'Kamal Silva')
  const title = `Lamprais ${Date.now()}`
  const listingId = await postWindowedListing(donor.page, title)

  // The street address is not on Find Food, nor in the API, for the recipient before approval.
  const before = await (await recipient.page.request.get(`/api/listings/${listingId}`)).json()
  expect(before).toMatchObject({ pickupAddress: null, contactPhone: null, pickupCity: 'Wellawatte' })

  // 1. The recipient opens the listing's page from Find Food and claims there, at the first time offered.
  await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await recipient.page.getByRole('article', { name: title }).getByRole('link', { name: title }).click()
  await expect(recipient.page).toHaveURL(`/listings/${listingId}`)
  // Find Food stays on screen until the listing's page has rendered (0043): claim on the latter.
  await expect(recipient.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await recipient.page.getByRole('button', { name: 'Claim Free Food' }).click()
  const claim = recipient.page.getByRole('dialog', { name: 'Claim Free Food' })
  await claim.getByRole('button', { name: 'Claim Food' }).click()
  await expect(claim.getByText(/Successfully claimed 1 portion/)).toBeVisible()
  await claim.getByRole('button', { name: 'Done' }).click()
  await expect(claim).toBeHidden()

  // Pending: My Claims shows the area and says the address comes with the approval.
  await recipient.page.goto('/dashboard/recipient?tab=claims')
  const row = recipient.page.locator('[data-order]', { hasText: title })
  await expect(
    row.getByText("The exact address and the donor's contact appear here once the donor approves."),
  ).toBeVisible()
  await expect(row.getByText(ADDRESS)).toHaveCount(0)

  // 2. The donor accepts from the bell.
  await donor.page.goto('/')
  await expect(donor.page.getByTestId('notification-badge')).toHaveText('1', { timeout: 5000 })
  await donor.page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click()
  await donor.page.getByRole('button', { name: /New Food Claim/ }).click()
  const decide = donor.page.getByRole('dialog', { name: 'New Food Claim' })
  await expect(decide.getByText(`Kamal Silva (${recipient.email})`)).toBeVisible()
  await decide.getByRole('button', { name: 'Accept' }).click()
  await expect(decide.getByText('Accepted. The requester has been notified.')).toBeVisible()

  // 3. The recipient's row now says where, when and how to reach the donor (live, no reload).
  await expect(row.locator('[data-pickup-address]')).toHaveText(`${ADDRESS}, Wellawatte, 00600`, {
    timeout: 5000,
  })
  await expect(row.getByRole('link', { name: '071 444 5566' })).toHaveAttribute(
    'href',
    `tel:+94${DONOR_PHONE.slice(1)}`,
  )
  await expect(row.getByText(/\d{2}:\d{2} to \d{2}:\d{2}/)).toBeVisible()

  // The "Claim Approved!" dialog shows the pickup, not the recipient's own details.
  await recipient.page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click()
  await recipient.page.getByRole('button', { name: /Claim Approved!/ }).click()
  const approved = recipient.page.getByRole('dialog', { name: 'Claim Approved!' })
  await expect(approved.locator('[data-pickup-address]')).toHaveText(`${ADDRESS}, Wellawatte, 00600`)
  await expect(approved.getByRole('link', { name: '071 444 5566' })).toBeVisible()
  await expect(approved.getByText(recipient.email)).toHaveCount(0)

  // 4. The order summary, from the dialog, readable on a 360 px phone.
  await approved.getByRole('link', { name: 'Order summary' }).click()
  await expect(recipient.page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  const orderId = recipient.page.url().split('/').pop()!
  await recipient.page.setViewportSize({ width: 360, height: 780 })
  await expect(recipient.page.locator('[data-order-number]')).toHaveText(
    orderId.replaceAll('-', '').slice(0, 8).toUpperCase(),
  )
  await expect(recipient.page.getByText(title)).toBeVisible()
  await expect(recipient.page.locator('[data-pickup-address]')).toContainText(ADDRESS)
  await expect(recipient.page.getByRole('link', { name: '071 444 5566' })).toBeVisible()
  await expect(recipient.page.getByText('Approved', { exact: true })).toBeVisible()
  await expectNoSidewaysScroll(recipient.page)
  // Printed, the page is the summary alone.
  await recipient.page.emulateMedia({ media: 'print' })
  await expect(recipient.page.locator('header').first()).toBeHidden()
  await expect(recipient.page.getByRole('button', { name: 'Print' })).toBeHidden()
  await recipient.page.emulateMedia({ media: 'screen' })

  // Nobody else may open it.
  const stranger = await newAccount(browser, 'recipient', 'Someone Else')
  expect((await stranger.page.request.get(`/api/orders/${orderId}`)).status()).toBe(403)
  await stranger.page.goto(`/orders/${orderId}`)
  await expect(stranger.page.getByRole('alert')).toBeVisible()
  await expect(stranger.page.getByText(ADDRESS)).toHaveCount(0)

  // 5. The approval e-mail is in the dev mailbox.
  await recipient.page.goto('/dev/mailbox')
  const mail = recipient.page
    .locator('li', { hasText: `Approved: your food "${title}" is ready to collect` })
    .first()
  await expect(mail).toBeVisible()
  await expect(mail).toContainText(`Pick up at: ${ADDRESS}, Wellawatte, Colombo, 00600`)
  await expect(mail).toContainText('Phone: 071 444 5566')
  await expect(mail).toContainText(`/orders/${orderId}`)
})
