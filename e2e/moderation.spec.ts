import { type Browser, expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { postListing } from './fixtures/listings'
import { fromApp } from './fixtures/origin'
import { checkPhone } from './fixtures/phone-checks'

const MODERATOR = 'moderator@demo.ahara.lk'
const PASSWORD = 'ahara-demo-2026'

/** A new donor's free listing titled `title`; answers its id. */
async function listingOfNewDonor(browser: Browser, title: string): Promise<string> {
  const donor = await newAccount(browser, 'donor', 'Moderation Donor')
  const id = await postListing(donor.request, { title })
  await donor.context.close()
  return id
}

/** The demo moderator, signed in, in a context of their own (a phone in `locale` when given). */
async function moderatorPage(browser: Browser, phone?: { locale: string; lang: string }): Promise<Page> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 360, height: 740 }, locale: phone.locale } : {},
  )
  if (phone) await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), phone.lang)
  const res = await context.request.post('/api/sessions', {
    headers: fromApp,
    data: { email: MODERATOR, password: PASSWORD },
  })
  expect(res.status()).toBe(200)
  return context.newPage()
}

test('a recipient reports a listing from its page; a moderator hides it from /moderation; it is gone and the audit log shows it', async ({
  browser,
}) => {
  const title = `Leftover biryani ${Date.now()}`
  const id = await listingOfNewDonor(browser, title)

  const recipient = await newAccount(browser, 'recipient', 'Reporting Recipient')
  // The card's menu offers Report too.
  await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await recipient.page.getByRole('button', { name: `Options for “${title}”` }).click()
  await recipient.page.getByRole('menuitem', { name: 'Report' }).click()
  await expect(recipient.page.getByRole('dialog', { name: 'Report this listing' })).toBeVisible()
  await recipient.page.keyboard.press('Escape')

  await recipient.page.goto(`/listings/${id}`)
  await expect(recipient.page.getByRole('heading', { name: title })).toBeVisible()
  await recipient.page.getByRole('button', { name: 'Report', exact: true }).click()
  const dialog = recipient.page.getByRole('dialog', { name: 'Report this listing' })
  await dialog.getByRole('radio', { name: 'Unsafe or spoiled food' }).check()
  await dialog.getByLabel(/Anything else we should know/).fill('It smelled sour when I saw it at the stall.')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByText('Thank you. Our moderators will look at your report')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  const moderator = await moderatorPage(browser)
  await moderator.goto('/')
  await moderator.getByRole('button', { name: /Account menu for/ }).click()
  await moderator.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(moderator).toHaveURL('/moderation')
  await expect(moderator.getByRole('tab', { name: 'Reports' })).toHaveAttribute('data-state', 'active')
  const card = moderator.getByRole('listitem', { name: title })
  await expect(card).toContainText('Unsafe or spoiled food')
  await expect(card).toContainText('It smelled sour')
  await expect(card).toContainText('Reported by Reporting Recipient')
  await card.getByRole('button', { name: 'Hide' }).click()
  const hide = moderator.getByRole('dialog', { name: 'Hide this content' })
  await hide.getByLabel(/Reason/).fill('Cooked too long ago to be safe')
  await hide.getByRole('button', { name: 'Hide' }).click()
  await expect(moderator.getByText(`“${title}” is hidden.`)).toBeVisible()

  await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
  await expect(recipient.page.getByRole('searchbox')).toHaveValue(title)
  await expect(recipient.page.locator('main article', { hasText: title })).toHaveCount(0)
  await recipient.page.goto(`/listings/${id}`)
  await expect(
    recipient.page.getByRole('heading', { name: 'This listing is no longer available' }),
  ).toBeVisible()

  await moderator.getByRole('tab', { name: 'Audit log' }).click()
  const entry = moderator.getByRole('listitem').filter({ hasText: `Listing hidden: ${title}` })
  await expect(entry).toContainText('By Ruwan Wijesinghe')
  await expect(entry).toContainText('Cooked too long ago to be safe')
  await recipient.context.close()
  await moderator.context().close()
})

test('a signed-in user who is not a moderator is sent away from /moderation', async ({ browser }) => {
  const donor = await newAccount(browser, 'donor', 'Curious Donor')
  await donor.page.goto('/moderation')
  await expect(donor.page).toHaveURL('/dashboard/donor')
  await donor.context.close()
})

for (const phone of [
  { lang: 'si', locale: 'si-LK' },
  { lang: 'ta', locale: 'ta-LK' },
]) {
  test(`/moderation at 360 px in ${phone.lang}: every tab and the hide dialog`, async ({
    browser,
  }, testInfo) => {
    const title = `Report to read at 360 px ${phone.lang} ${Date.now()}`
    const id = await listingOfNewDonor(browser, title)
    const reporter = await newAccount(browser, 'recipient', 'Phone Reporter')
    const filed = await reporter.request.post('/api/reports', {
      headers: fromApp,
      data: {
        targetType: 'listing',
        targetId: id,
        reason: 'misleading',
        note: 'The photo is of other food.',
      },
    })
    expect(filed.status()).toBe(201)
    await reporter.context.close()

    const page = await moderatorPage(browser, phone)
    await page.goto('/moderation')
    await expect(page.locator('html')).toHaveAttribute('lang', phone.lang)
    await expect(page.getByRole('listitem', { name: title })).toBeVisible()
    await checkPhone(page, testInfo, `${phone.lang}-reports`)
    await page.getByRole('listitem', { name: title }).getByRole('button').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkPhone(page, testInfo, `${phone.lang}-hide-dialog`)
    await page.keyboard.press('Escape')
    for (const tab of ['volunteers', 'suspended', 'audit']) {
      await page.goto(`/moderation?tab=${tab}`)
      await expect(page.locator('main [role="tabpanel"][data-state="active"]')).toBeVisible()
      await checkPhone(page, testInfo, `${phone.lang}-${tab}`)
    }
    await page.context().close()
  })
}
