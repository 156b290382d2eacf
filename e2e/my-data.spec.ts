import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { ALL_SAFETY_CHECKS_TICKED } from '../src/shared/reference-data'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount, PASSWORD } from './fixtures/accounts'
import { firstCategoryId, uploadPhoto } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { measurePhoneScreen } from './fixtures/phone-checks'

async function postListing(donor: Page, title: string) {
  const expiry = sriLankaParts(new Date(Date.now() + 30 * 3_600_000))
  const res = await donor.request.post('/api/listings', {
    headers: fromApp,
    data: {
      title,
      categoryId: await firstCategoryId(donor.request),
      description: 'Cooked for the my-data journey.',
      quantity: 4,
      type: 'free',
      allergens: [],
      pickupAddress: '7 Temple Road',
      pickupCity: 'Maharagama',
      pickupDistrict: 'Colombo',
      expiryDate: expiry.date,
      expiryTime: expiry.time,
      deliveryRequested: false,
      imageUrls: [await uploadPhoto(donor.request)],
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).id as string
}

test('a donor downloads their data from the profile: a JSON file with their profile and listing', async ({
  browser,
}) => {
  const donor = await newAccount(browser, 'donor', 'E2E Data Donor')
  const title = `My data kiribath ${Date.now()}`
  const listingId = await postListing(donor.page, title)
  await donor.page.goto('/profile')
  const section = donor.page.getByRole('region', { name: 'Your data' })
  const downloading = donor.page.waitForEvent('download')
  await section.getByRole('link', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^ahara-my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(data.profile).toMatchObject({ name: 'E2E Data Donor', email: donor.email, role: 'donor' })
  expect(data.listings).toEqual([expect.objectContaining({ id: listingId, title })])
  await donor.context.close()
})

test('a recipient deletes their account: password, signed out, and cannot sign in again', async ({
  browser,
}) => {
  const recipient = await newAccount(browser, 'recipient', 'E2E Leaving Recipient')
  const { page } = recipient
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog.getByText('Your name becomes “Deleted user”', { exact: false })).toBeVisible()
  await expect(dialog.getByText('Kept, without your name')).toBeVisible()

  const password = dialog.getByLabel('Enter your password to confirm')
  await password.fill('not-my-password')
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'That password is not right. Your account has not been deleted.',
  )

  await password.fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click()
  await expect(page).toHaveURL(/\/account-deleted$/)
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible()
  // Signed out: the header offers sign-in, and the profile sends them there.
  expect((await page.request.get('/api/me')).status()).toBe(401)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth/)
  const again = await page.request.post('/api/sessions', {
    headers: fromApp,
    data: { email: recipient.email, password: PASSWORD },
  })
  expect(again.status()).toBe(401)
  await recipient.context.close()
})

for (const language of ['si', 'ta'] as const) {
  test(`the data section and the delete dialog fit a 360 px phone in ${language}`, async ({ browser }) => {
    const account = await newAccount(browser, 'recipient', 'E2E Phone Data', { language })
    const { page } = account
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/profile')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const section = page.locator('section[aria-labelledby="my-data-title"]')
    await section.scrollIntoViewIfNeeded()
    const report = await page.evaluate(measurePhoneScreen)
    expect(report.sideways).toEqual([])
    expect(report.small).toEqual([])
    await section.screenshot({ path: test.info().outputPath(`my-data-${language}.png`) })

    await section.getByRole('button').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('textbox').or(dialog.locator('input[type="password"]'))).toBeVisible()
    const withDialog = await page.evaluate(measurePhoneScreen)
    expect(withDialog.small).toEqual([])
    const dialogOverflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(dialogOverflow).toBeLessThanOrEqual(1)
    await dialog.screenshot({ path: test.info().outputPath(`delete-dialog-${language}.png`) })
    await account.context.close()
  })
}
