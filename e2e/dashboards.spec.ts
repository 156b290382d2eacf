import { expect, type Page, test } from '@playwright/test'
import { sriLankaToday } from '../src/shared/sri-lanka-time'
import { type Account, newAccount } from './fixtures/accounts'
import { axeOf } from './fixtures/axe'
import { postListing, soonDelivery, soonPickup } from './fixtures/listings'
import { fromApp } from './fixtures/origin'

async function claim(recipient: Account, listingId: string, quantity: number, notes?: string) {
  const res = await recipient.request.post(`/api/listings/${listingId}/claims`, {
    headers: fromApp,
    data: {
      quantity,
      // Half an hour from now: the listing has no pickup window and expires in 30 hours.
      ...soonPickup(),
      contactMethod: 'phone',
      phone: '0779876543',
      ...(notes ? { notes } : {}),
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).id as string
}

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([])
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('route guards: signed out to /auth and back, another role to their own dashboard', async ({
  page,
  browser,
}) => {
  for (const path of [
    '/dashboard/donor',
    '/dashboard/recipient',
    '/dashboard/volunteer',
    '/volunteer/schedule',
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`)
  }
  const recipient = await newAccount(browser, 'recipient', 'Guard Recipient')
  await recipient.page.goto('/dashboard/donor')
  await expect(recipient.page).toHaveURL(/\/dashboard\/recipient$/)
  await expect(recipient.page.getByRole('heading', { name: 'Recipient Dashboard' })).toBeVisible()
  await recipient.page.goto('/dashboard/volunteer')
  await expect(recipient.page).toHaveURL(/\/dashboard\/recipient$/)
  expect((await recipient.request.get('/api/dashboard/donor')).status()).toBe(403)

  // The schedule explains itself to non-volunteers; /volunteer says how to join.
  await recipient.page.goto('/volunteer/schedule')
  await expect(recipient.page.getByText('Your account is not a volunteer account.')).toBeVisible()
  await page.goto('/volunteer')
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign up as a volunteer' })).toHaveAttribute(
    'href',
    '/auth?mode=sign-up',
  )
  await expectNoAxeViolations(page)
})

test('a donor approves one claim and rejects another from the table; the recipient sees it and cancels a pending claim', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Dash Donor')
  const amara = await newAccount(browser, 'recipient', 'Amara Perera')
  const ravi = await newAccount(browser, 'recipient', 'Ravi Kumar')
  const title = `Kottu roti ${Date.now()}`
  const listingId = await postListing(donor.request, { title, quantity: 10 })
  await claim(amara, listingId, 3, 'Two children and my mother.')
  await claim(ravi, listingId, 2)

  const page = donor.page
  await page.goto('/dashboard/donor')
  await expect(page.getByRole('heading', { name: 'Donor Dashboard' })).toBeVisible()
  await expect(page.getByText('Welcome back, Dash Donor!')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'New Donation' })).toHaveAttribute(
    'href',
    '/donate',
  )
  await expect(page.getByText('Total Donations')).toBeVisible()
  await expect(page.getByText('First Donation')).toBeVisible()

  await page.getByRole('tab', { name: 'Food Claims' }).click()
  await expect(page.getByRole('heading', { name: 'Food Claims on Your Donations' })).toBeVisible()
  const amaraRow = page.getByRole('row', { name: /Amara Perera/ })
  const raviRow = page.getByRole('row', { name: /Ravi Kumar/ })
  await expect(amaraRow.getByText('Two children and my mother.')).toBeVisible()
  await expect(amaraRow.getByRole('link', { name: '077 987 6543' })).toHaveAttribute(
    'href',
    'tel:+94779876543',
  )
  await expect(amaraRow.getByText('Pending')).toBeVisible()
  await expectNoAxeViolations(page)

  await amaraRow.getByRole('button', { name: 'Approve' }).click()
  const banner = page.getByText('Claim approved! Amara Perera has been notified.')
  await expect(banner).toBeVisible()
  await expect(amaraRow.getByText('✓ Approved')).toBeVisible()
  await expect(amaraRow.getByRole('button', { name: 'Approve' })).toHaveCount(0)

  await raviRow.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByText('Claim declined. Ravi Kumar has been notified.')).toBeVisible()
  await expect(raviRow.getByText('✗ Declined')).toBeVisible()
  // The banner goes after 5 seconds.
  await expect(page.getByText('Claim declined. Ravi Kumar has been notified.')).toBeHidden({ timeout: 8000 })

  // The recipient sees the decision, then claims again and cancels while it is pending.
  const rp = amara.page
  await rp.goto('/dashboard/recipient?tab=claims')
  await expect(rp.getByRole('heading', { name: 'Recipient Dashboard' })).toBeVisible()
  await expect(rp.getByRole('main').getByRole('link', { name: 'Find Food' })).toHaveAttribute(
    'href',
    '/find-food',
  )
  const approved = rp.getByRole('row', { name: new RegExp(title) })
  await expect(approved.getByText('Approved')).toBeVisible()
  await expect(approved.getByRole('button', { name: 'Cancel' })).toHaveCount(0)

  await claim(amara, listingId, 1)
  await expect(rp.getByRole('row', { name: new RegExp(title) })).toHaveCount(2)
  const pending = rp.getByRole('row', { name: new RegExp(`${title}.*Pending`) })
  await expect(pending.locator('[data-status=pending]')).toHaveClass(/bg-yellow-100/)
  // Cancelling asks first; keeping it changes nothing.
  await pending.getByRole('button', { name: 'Cancel' }).click()
  const confirm = rp.getByRole('dialog', { name: 'Cancel this?' })
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await expect(confirm).toBeHidden()
  await expect(pending.locator('[data-status=pending]')).toBeVisible()
  await pending.getByRole('button', { name: 'Cancel' }).click()
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click()
  await expect(rp.getByText('Cancelled. The portions are available to others again.')).toBeVisible()
  await expect(rp.locator('[data-status=cancelled]')).toHaveClass(/bg-red-100/)
  // Meals received: one per claim not cancelled (the approved one).
  await rp.getByRole('tab', { name: 'Overview' }).click()
  await expect(rp.getByText('Favourite Categories')).toBeVisible()
  await expect(rp.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible()
  await expectNoAxeViolations(rp)

  // The donor edits the listing from Active Donations.
  await page.getByRole('tab', { name: 'Active Donations' }).click()
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Donation' })
  await dialog.getByLabel('Title').fill(`${title} (spicy)`)
  await dialog.getByLabel('Quantity').fill('4')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Donation updated successfully')).toBeVisible()
  await expect(dialog).toBeHidden({ timeout: 4000 })
  await expect(page.getByText(`${title} (spicy)`)).toBeVisible()
  await page.getByRole('button', { name: `View ${title} (spicy)` }).click()
  await expect(page.getByRole('dialog', { name: `${title} (spicy)` }).getByText('4 of')).toBeVisible()
})

test('a volunteer accepts a delivery, picks it up and completes it; it shows in history with its fee', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'Delivery Donor')
  const recipient = await newAccount(browser, 'recipient', 'Delivery Recipient')
  const volunteer = await newAccount(browser, 'volunteer', 'Dash Volunteer')
  const listingId = await postListing(donor.request, { title: `Lamprais ${Date.now()}`, quantity: 6 })
  const soon = soonDelivery()
  const res = await recipient.request.post(`/api/listings/${listingId}/deliveries`, {
    headers: fromApp,
    data: {
      quantity: 2,
      address: '7 Flower Road',
      city: 'Kollupitiya',
      district: 'Colombo',
      ...soon,
      phone: '0712345678',
      specialInstructions: 'Ring the bell twice.',
      urgent: false,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id, fee, order } = (await res.json()) as { id: string; fee: number; order: { id: string } }
  // Volunteers are offered it once the donor approved its order.
  const approved = await donor.request.post(`/api/claims/${order.id}/approve`, { headers: fromApp })
  expect(approved.status()).toBe(200)

  const page = volunteer.page
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/dashboard/volunteer')
  await expect(page.getByRole('heading', { name: 'Volunteer Dashboard' })).toBeVisible()
  await expect(page.getByText('Not rated yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'My Schedule' })).toHaveAttribute('href', '/volunteer/schedule')
  await expectNoSidewaysScroll(page)

  await page.getByRole('tab', { name: /Available Deliveries \(\d+\+?\)/ }).click()
  const card = page.locator(`[data-delivery="${id}"]`)
  // Before accepting: the area only; instructions, phone and address come with the assignment.
  await expect(
    card.getByText(
      "The requester's contact details and the exact addresses appear once you accept this delivery.",
    ),
  ).toBeVisible()
  await expect(card.getByText('Ring the bell twice.')).toHaveCount(0)
  await expect(card.getByText('071 234 5678')).toHaveCount(0)
  await expectNoSidewaysScroll(page)
  await card.getByRole('button', { name: 'Accept Delivery' }).click()
  await expect(page.getByText(/Delivery accepted/)).toBeVisible()

  // Accepting it again answers 409 with the server's message.
  expect((await volunteer.request.post(`/api/deliveries/${id}/accept`, { headers: fromApp })).status()).toBe(
    409,
  )

  await page.getByRole('tab', { name: 'My Active Deliveries' }).click()
  const active = page.locator(`[data-delivery="${id}"]`)
  await expect(active.getByText('7 Flower Road', { exact: false })).toBeVisible()
  await expect(active.getByText('Ring the bell twice.')).toBeVisible()
  await expect(active.getByRole('link', { name: '071 234 5678' })).toHaveAttribute('href', 'tel:+94712345678')
  await active.getByRole('button', { name: 'Picked up' }).click()
  await expect(active.locator('[data-status="in-progress"]')).toHaveClass(/bg-purple-100/)

  // The schedule lists it under its day (the first delivery time left: today, or tomorrow late at night).
  await page.goto('/volunteer/schedule')
  if (soon.deliveryDate === sriLankaToday()) await expect(page.getByText('Today')).toBeVisible()
  await expect(page.getByText(/From 12 Galle Road, Colombo to 7 Flower Road/)).toBeVisible()
  await page.goto('/dashboard/volunteer?tab=my-deliveries')

  // At the door the recipient shows the pickup code of their order; the volunteer types it.
  const orderId = (await (await volunteer.request.get(`/api/deliveries/${id}`)).json()).order.id as string
  const code = (await (await recipient.request.get(`/api/claims/${orderId}`)).json()).pickupCode as string
  await page.locator(`[data-delivery="${id}"]`).getByRole('button', { name: 'Mark Complete' }).click()
  const dropOff = page.getByRole('dialog', { name: 'Mark Complete' })
  await dropOff.getByLabel('Pickup code').fill(code)
  await dropOff.getByRole('button', { name: 'Mark Complete' }).click()
  await expect(page.getByText('Delivery to Kollupitiya completed. Thank you!')).toBeVisible()
  await expect(page.locator(`[data-delivery="${id}"]`)).toHaveCount(0)

  await page.getByRole('tab', { name: 'History' }).click()
  const row = page.getByRole('row', { name: new RegExp(id.slice(0, 8)) })
  await expect(row.getByText('Kollupitiya')).toBeVisible()
  // The fee's own cell: the id's eight characters may contain the same digits.
  await expect(row.getByRole('cell', { name: new RegExp(`Rs\\.\\s${fee}$`) })).toBeVisible()
  await expect(row.getByText('Completed')).toBeVisible()
  await expect(page.getByText('Volunteer Hours')).toBeVisible()
  await expect(page.getByText('1.5 h')).toBeVisible()

  // The recipient rates it; the volunteer's rating appears.
  await recipient.page.goto('/dashboard/recipient?tab=deliveries')
  await recipient.page.getByRole('button', { name: '4 out of 5 stars' }).click()
  await expect(recipient.page.getByText('Thank you for rating the delivery!')).toBeVisible()
  await page.reload()
  await expect(page.getByText('4 / 5.0')).toBeVisible()
  await expectNoAxeViolations(page)
})
