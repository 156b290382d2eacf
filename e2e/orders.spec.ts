import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'

const PASSWORD = 'ahara-demo-2026'

async function signedInPage(
  browser: Browser,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const res = await page.request.post('/api/sessions', {
    headers: fromApp,
    data: { email, password: PASSWORD },
  })
  expect(res.ok()).toBe(true)
  return { context, page }
}

async function openListing(page: Page, title: string) {
  await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  return card
}

test('a recipient claims, requests and asks delivery; the donor is told live and accepts; a volunteer delivers', async ({
  browser,
}) => {
  const donor = await signedInPage(browser, 'kandyspice@demo.ahara.lk')
  // A recipient of their own: the demo recipients already hold open orders, and fair use allows
  // three at once (docs/decisions/0038-trust-ratings-fair-use.md); this journey places three.
  const recipient = await newAccount(browser, 'recipient', 'Fathima Rizwan', { district: 'Kandy' })
  const volunteer = await signedInPage(browser, 'priya@demo.ahara.lk')

  // The donor waits on the home page: nothing unread yet.
  await donor.page.goto('/')
  const donorBell = donor.page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await expect(donorBell).toBeVisible()
  await expect(donor.page.getByTestId('notification-badge')).toBeHidden()

  // 1. Claim free food.
  const card = await openListing(recipient.page, 'Chicken rice and curry packets')
  await card.getByRole('button', { name: 'Claim Free Food' }).click()
  const claim = recipient.page.getByRole('dialog', { name: 'Claim Free Food' })
  await claim.getByRole('button', { name: 'One more' }).click()
  // Only times inside the listing's pickup window are offered, the first one chosen.
  await expect(claim.getByLabel('Pickup time')).not.toHaveValue('')
  await claim.getByRole('button', { name: 'Claim Food' }).click()
  await expect(
    claim.getByText(
      "Successfully claimed 2 portions! The donor will be notified and you'll receive pickup details soon.",
    ),
  ).toBeVisible()
  // The dialog stays on its outcome until closed.
  await claim.getByRole('button', { name: 'Done' }).click()
  await expect(claim).toBeHidden()

  // 2. The donor's bell rises without a reload; the donor opens the claim and accepts it.
  await expect(donor.page.getByTestId('notification-badge')).toHaveText('1', { timeout: 5000 })
  await donorBell.click()
  await donor.page.getByRole('button', { name: /New Food Claim/ }).click()
  const detail = donor.page.getByRole('dialog', { name: 'New Food Claim' })
  await expect(detail.getByText(`Fathima Rizwan (${recipient.email})`)).toBeVisible()
  await expect(detail.getByText('2 servings')).toBeVisible()
  await detail.getByRole('button', { name: 'Accept' }).click()
  await expect(detail.getByText('Accepted. The requester has been notified.')).toBeVisible()
  await expect(detail.getByRole('button', { name: 'Accept' })).toBeHidden()
  // The claim notification is read; the donor's own copy of the decision arrives.
  await donor.page.keyboard.press('Escape')
  await donorBell.click()
  await expect(donor.page.getByRole('button', { name: /You approved Fathima Rizwan's claim/ })).toBeVisible()
  await donor.page.keyboard.press('Escape')

  // 3. The recipient is told.
  await expect(recipient.page.getByTestId('notification-badge')).toHaveText('1', { timeout: 5000 })
  await recipient.page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click()
  await expect(recipient.page.getByText('Claim Approved!')).toBeVisible()
  await recipient.page.keyboard.press('Escape')

  // 4. Request half-price food: the total follows the quantity.
  const kottu = await openListing(recipient.page, 'Vegetable kottu')
  await kottu.getByRole('button', { name: 'Request Food' }).click()
  const request = recipient.page.getByRole('dialog', { name: 'Request Food' })
  await request.getByRole('button', { name: 'One more' }).click()
  await expect(request.getByText(/× 2 =/)).toContainText('300')
  await request.getByLabel('Payment method').selectOption('mobile')
  await request.getByRole('button', { name: 'Submit Request' }).click()
  await expect(request.getByText('Request submitted successfully! The donor will be notified.')).toBeVisible()
  await request.getByRole('button', { name: 'Done' }).click()
  await expect(request).toBeHidden()

  // 5. Ask for delivery to Kandy: the fee is shown live.
  const rice = await openListing(recipient.page, 'Chicken rice and curry packets')
  await rice.getByRole('button', { name: 'Request Delivery' }).click()
  const delivery = recipient.page.getByRole('dialog', { name: 'Request Delivery' })
  await delivery.getByLabel('Delivery address').fill('27 Peradeniya Road')
  await delivery.getByLabel('City').fill('Kandy')
  await delivery.getByLabel('District').selectOption('Kandy')
  await expect(delivery.getByText(/Delivery fee:/)).toContainText('400')
  await delivery.getByLabel('Urgent delivery').check()
  await expect(delivery.getByText(/Delivery fee:/)).toContainText('500')
  // The first time the food allows is chosen already.
  await expect(delivery.getByLabel('Delivery time')).not.toHaveValue('')
  await delivery.getByRole('button', { name: 'Request Delivery' }).click()
  await expect(
    delivery.getByText(
      'Delivery requested: 1 portion is reserved for you. Once the donor approves, volunteers nearby are offered the delivery.',
    ),
  ).toBeVisible()
  await delivery.getByRole('button', { name: 'Done' }).click()

  // The donor approves it from the notification, as any order.
  await expect(donor.page.getByTestId('notification-badge')).toHaveText(/\d/, { timeout: 5000 })
  await donorBell.click()
  await donor.page.getByRole('button', { name: /Delivery Order to Approve/ }).click()
  const approval = donor.page.getByRole('dialog', { name: 'Delivery Order to Approve' })
  await approval.getByRole('button', { name: 'Accept' }).click()
  await expect(approval.getByText('Accepted. The requester has been notified.')).toBeVisible()
  await donor.page.keyboard.press('Escape')

  // 6. A Kandy volunteer is told, accepts from the notification and completes the delivery.
  await volunteer.page.goto('/')
  await volunteer.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  await volunteer.page
    .getByRole('button', { name: /New Delivery Request/ })
    .first()
    .click()
  const offer = volunteer.page.getByRole('dialog', { name: 'New Delivery Request' })
  // Before accepting, the area only: who asked and where exactly come with the assignment.
  await expect(
    offer.getByText(
      "The requester's contact details and the exact addresses appear once you accept this delivery.",
    ),
  ).toBeVisible()
  await expect(offer.getByText('27 Peradeniya Road')).toHaveCount(0)
  await offer.getByRole('button', { name: 'Accept Delivery' }).click()
  await expect(offer.getByText('You have accepted this delivery.')).toBeVisible()
  const mine = await volunteer.page.request.get('/api/deliveries?as=volunteer')
  const assigned = (await mine.json()).items.find(
    (d: { address: string; status: string }) => d.address === '27 Peradeniya Road' && d.status === 'assigned',
  )
  expect(assigned.status).toBe('assigned')
  // At the door the recipient's pickup code proves the drop-off (docs/decisions/0047-pickup-codes.md).
  const { pickupCode } = await (await recipient.page.request.get(`/api/orders/${assigned.order.id}`)).json()
  for (const [step, data] of [
    ['pick-up', undefined],
    ['complete', { code: pickupCode }],
  ] as const) {
    const res = await volunteer.page.request.post(`/api/deliveries/${assigned.id}/${step}`, {
      headers: fromApp,
      data,
    })
    expect(res.ok(), await res.text()).toBe(true)
  }

  // 7. The recipient hears that the volunteer was assigned and that the delivery was completed.
  await recipient.page.goto('/')
  await recipient.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  await expect(recipient.page.getByText('Volunteer Assigned')).toBeVisible()
  await expect(recipient.page.getByText('Delivery Completed')).toBeVisible()

  await Promise.all([donor.context.close(), recipient.context.close(), volunteer.context.close()])
})

test('signed-out visitors are asked to sign in before ordering', async ({ page }) => {
  const card = await openListing(page, 'Fresh bread loaves')
  await card.getByRole('button', { name: 'Claim Free Food' }).click()
  await expect(card.getByText('Please sign in to claim food.')).toBeVisible()
  await card.getByRole('button', { name: 'Request Delivery' }).click()
  await expect(card.getByText('Please sign in to request delivery.')).toBeVisible()
})
