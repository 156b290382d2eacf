import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { type Account, newAccount } from './fixtures/accounts'
import { translator } from './fixtures/languages'
import { postListing, soonDelivery } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { measurePhoneScreen } from './fixtures/phone-checks'

const t = translator('si')

/** Colombo: a bakery at Maradana and a hotel beside it; homes a few km east. */
const BAKERY = { lat: 6.9271, lng: 79.8612 }
const east = (km: number) => ({ lat: BAKERY.lat, lng: BAKERY.lng + km / 110.4 })

/** A delivery of `title` the donor approved, waiting for a volunteer: both ends are points. */
async function waitingDelivery(
  donor: Account,
  recipient: Account,
  title: string,
  pickupKm: number,
  dropKm: number,
) {
  const listingId = await postListing(donor.request, { title, pickupPoint: east(pickupKm) })
  const res = await recipient.request.post(`/api/listings/${listingId}/deliveries`, {
    headers: fromApp,
    data: {
      quantity: 2,
      address: '7 Flower Road',
      city: 'Kollupitiya',
      district: 'Colombo',
      dropOffPoint: east(dropKm),
      ...soonDelivery(),
      phone: '0771112223',
      urgent: false,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id, order } = (await res.json()) as { id: string; order: { id: string } }
  const approved = await donor.request.post(`/api/claims/${order.id}/approve`, { headers: fromApp })
  expect(approved.status(), await approved.text()).toBe(200)
  return { id, orderId: order.id }
}

const pickupCode = async (request: APIRequestContext, orderId: string) =>
  (await (await request.get(`/api/claims/${orderId}`)).json()).pickupCode as string

/** Nothing wider than the screen, and no text sticking out of its box. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect((await page.evaluate(measurePhoneScreen)).sideways).toEqual([])
}

test('in Sinhala at 360 px: a volunteer plans a run of two deliveries and follows its four stops, one offline; a requester sees their food coming', async ({
  browser,
}) => {
  const stamp = Date.now()
  const donor = await newAccount(browser, 'donor', 'Run Donor', { phone: '0112345678' })
  const first = await newAccount(browser, 'recipient', 'Run Recipient One', { language: 'si' })
  const second = await newAccount(browser, 'recipient', 'Run Recipient Two', { language: 'si' })
  const volunteer = await newAccount(browser, 'volunteer', 'Run Volunteer', { language: 'si' })
  const a = await waitingDelivery(donor, first, `Kiribath run ${stamp}`, 0, 3)
  const b = await waitingDelivery(donor, second, `Roti run ${stamp}`, 0.3, 3.5)
  const codes: Record<string, string> = {
    [a.id]: await pickupCode(first.request, a.orderId),
    [b.id]: await pickupCode(second.request, b.orderId),
  }

  // 1. Plan: both deliveries chosen on the list; the run screen follows.
  const page = volunteer.page
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/volunteer/runs/new')
  await expect(page.getByRole('heading', { name: t('runs.plan.title') })).toBeVisible()
  for (const id of [a.id, b.id]) await page.locator(`label[data-delivery="${id}"]`).click()
  await expectFits(page)
  await page.screenshot({ path: 'test-results/runs-plan-si.png', fullPage: true })
  await page.getByRole('button', { name: t('runs.plan.create') }).click()
  await expect(page).toHaveURL(/\/volunteer\/runs\/[0-9a-f-]{36}$/)
  const stops = page.locator('li[data-stop]')
  await expect(stops).toHaveCount(4)
  await expect(stops.nth(0)).toHaveAttribute('data-kind', 'pickup')
  await expect(page.getByRole('link', { name: t('runs.run.directions') })).toHaveCount(4)
  await expectFits(page)
  await page.screenshot({ path: 'test-results/runs-run-si.png', fullPage: true })

  // 2. The later drop-off's requester sees how many stops away their food is, in Sinhala.
  const kinds = await stops.evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')))
  const lastDropOff = kinds.lastIndexOf('dropoff')
  // By the stop's delivery, not its title: the titles may still be loading.
  const lastRecipient =
    (await stops.nth(lastDropOff).getAttribute('data-delivery')) === b.id
      ? { account: second, orderId: b.orderId }
      : { account: first, orderId: a.orderId }
  const waiting = lastRecipient.account.page
  await waiting.setViewportSize({ width: 360, height: 740 })
  await waiting.goto(`/orders/${lastRecipient.orderId}`)
  await expect(waiting.locator('[data-run-progress]')).toContainText(
    t('runs.progress.dropoff.away', { count: lastDropOff, n: lastDropOff }),
  )
  await expectFits(waiting)

  // 3. The four stops in order; the second is done without data and sent when the phone is back.
  const deliveryOf = async (i: number) => (await stops.nth(i).getAttribute('data-delivery')) ?? ''
  for (let i = 0; i < 4; i++) {
    const stop = stops.nth(i)
    const offline = i === 1
    if (offline) await volunteer.context.setOffline(true)
    if (kinds[i] === 'pickup') {
      await stop.getByRole('button', { name: t('runs.run.pickedUp') }).click()
    } else {
      await stop.getByRole('button', { name: t('runs.run.delivered') }).click()
      const dropOff = page.getByRole('dialog', { name: t('dashboards.volunteer.markComplete') })
      await dropOff.getByLabel(t('handover.code'), { exact: true }).fill(codes[await deliveryOf(i)]!)
      await dropOff.getByRole('button', { name: t('dashboards.volunteer.markComplete') }).click()
      await expect(dropOff).toBeHidden()
    }
    if (offline) {
      await expect(stop.locator('[data-queued]')).toBeVisible()
      await volunteer.context.setOffline(false)
      await expect(stop.locator('[data-queued]')).toHaveCount(0)
    }
    await expect(stop).toHaveAttribute('data-done', 'true')
  }
  await expect(page.locator('[data-run-totals]')).toHaveText(t('runs.run.completed'))
  for (const id of [a.id, b.id]) {
    const res = await volunteer.request.get(`/api/deliveries?as=volunteer`)
    const mine = (await res.json()).items as { id: string; status: string }[]
    expect(mine.find((d) => d.id === id)?.status).toBe('completed')
  }
  // The dashboard's run figures: one completed run of four stops.
  await page.goto('/dashboard/volunteer?tab=available')
  const figures = page.locator('[data-runs]')
  await expect(figures).toContainText(t('dashboards.volunteer.runs.stopsPerRun'))
  await expect(figures.locator('dd').nth(1)).toHaveText('4')
  await expectFits(page)
  await figures.screenshot({ path: 'test-results/runs-dashboard-si.png' })

  // Done: no stops-away line any more.
  await waiting.reload()
  await expect(waiting.locator('[data-order-number]')).toBeVisible()
  await expect(waiting.locator('[data-run-progress]')).toHaveCount(0)

  await Promise.all([donor, first, second, volunteer].map((account) => account.context.close()))
})
