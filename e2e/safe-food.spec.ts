import { expect, test } from '@playwright/test'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { signUpAndIn } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'

test('a cooked meal carries its clock and tags; a recipient finds it by diet, by district and in Sinhala, and sees until when to eat it', async ({
  page,
}) => {
  const stamp = String(Date.now())
  const title = `Kiribath ${stamp}`
  await signUpAndIn(page, 'donor', 'E2E Safe Food Donor')
  await page.goto('/donate')
  await page.getByLabel('Food title').fill(title)
  await page.getByLabel('Category').selectOption({ label: 'Prepared Meals' })
  // A prepared meal always asks when it was cooked and how it is kept, with the Safety page's reason.
  const cooked = page.getByLabel('This food is cooked')
  await expect(cooked).toBeChecked()
  await expect(cooked).toBeDisabled()
  await expect(page.getByText('at room temperature it is safe for 2 hours (1 hour above 32°C)')).toBeVisible()
  await page.getByLabel('Description').fill('Milk rice with lunu miris, cooked for Poya.')
  await page.getByLabel('Quantity (servings)').fill('4')
  await page.getByLabel('Vegetarian', { exact: true }).check()
  const at = sriLankaParts(new Date(Date.now() - 30 * 60_000))
  await page.getByLabel('When was it cooked?').fill(`${at.date}T${at.time}`)
  await page.getByLabel('At room temperature').check()
  await page.locator('input[type=file]').setInputFiles('e2e/fixtures/photo.jpg')
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Next Step' }).click()

  await expect(page.getByRole('heading', { name: 'Location & Pickup' })).toBeVisible()
  const expiry = sriLankaParts(new Date(Date.now() + 26 * 3_600_000))
  await page.getByLabel('Pickup address').fill('12 Hill Street')
  // Typed in Sinhala: the district finds it, whatever the town is called.
  await page.getByLabel('City').fill('දෙහිවල')
  await page.getByLabel('District').selectOption('Colombo')
  await page.getByLabel('Expiry date').fill(expiry.date)
  await page.getByLabel('Expiry time').fill(expiry.time)
  await page.getByRole('button', { name: 'Next Step' }).click()
  for (const check of [
    'Fresh and safe to eat',
    'Stored properly',
    'Prepared hygienically',
    'Labelled completely',
  ]) {
    await page.getByLabel(check).check()
  }
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('button', { name: 'Submit Donation' }).click()
  await expect(page.getByRole('heading', { name: 'Your food listing has been submitted!' })).toBeVisible()

  await page.context().clearCookies()
  await signUpAndIn(page, 'recipient', 'E2E Safe Food Recipient')
  await page.goto(`/find-food?q=${stamp}`)
  const card = page.getByRole('article', { name: title })
  // Cooked 30 minutes ago at room temperature: eat within the next 90 minutes.
  await expect(card.getByText(/^Eat by \d\d:\d\d/)).toBeVisible()
  await expect(card.getByText('Vegetarian')).toBeVisible()

  // One tap per diet: halal hides it (not tagged halal), vegetarian keeps it.
  await page.getByRole('button', { name: 'Halal', exact: true }).click()
  await expect(card).toHaveCount(0)
  await page.getByRole('button', { name: 'Halal', exact: true }).click()
  await page.getByRole('button', { name: 'Vegetarian', exact: true }).click()
  await expect(page).toHaveURL(/diet=vegetarian/)
  await expect(card).toBeVisible()

  // The district, not the town's spelling.
  await page.getByLabel('Location').selectOption('Jaffna')
  await expect(card).toHaveCount(0)
  await page.getByLabel('Location').selectOption('Colombo')
  await expect(card).toBeVisible()

  // The food's name in Sinhala script finds the Latin title.
  await page.goto(`/find-food?q=${encodeURIComponent('කිරිබත්')}&location=Colombo&diet=vegetarian`)
  await expect(card).toBeVisible()
  await card.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText(/^Eat by \d\d:\d\d/)).toBeVisible()
})

test('a recipient’s usual diet is Find Food’s first filter; nearness is a sort from their district, the district choice a filter', async ({
  page,
}) => {
  await signUpAndIn(page, 'recipient', 'E2E Usual Diet', { district: 'Kandy' })
  const saved = await page.request.patch('/api/me', {
    headers: fromApp,
    data: { diet: ['halal', 'no-pork'] },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await page.goto('/find-food')
  await expect(page).toHaveURL(/diet=halal&diet=no-pork/)
  await expect(page.getByRole('button', { name: 'Halal', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Cleared, it stays cleared for the visit.
  await page.getByRole('button', { name: 'Halal', exact: true }).click()
  await page.getByRole('button', { name: 'No pork', exact: true }).click()
  await expect(page).not.toHaveURL(/diet=/)
  // No position from the browser (no permission here): the profile's district stands in, as a sort.
  await expect(page.getByLabel('Sort by').locator('option', { hasText: 'Nearest to Kandy' })).toHaveCount(1)
  await page.getByLabel('Sort by').selectOption({ label: 'Nearest to Kandy' })
  await expect(page.getByText('(sorted by proximity)')).toBeVisible()
  // Choosing a district filters to it: no food of another district is listed.
  await page.getByLabel('Location').selectOption('Galle')
  await expect(page).toHaveURL(/location=Galle/)
  // The list before the choice stays on screen until the new one comes (0043): wait for it.
  await expect
    .poll(async () => {
      const cards = await page
        .locator('main article')
        .evaluateAll((all) => all.map((c) => c.textContent ?? ''))
      return cards.length > 0 && cards.every((text) => text.includes('Galle'))
    })
    .toBe(true)
})
