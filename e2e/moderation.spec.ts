import { type Browser, expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { chooseLanguage, LANGUAGES, literally, type Translate, translator } from './fixtures/languages'
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

/** The start of `key`'s text up to the `{{when}}` it ends with: who did it, as the page says. */
const byWhom = (t: Translate, key: string, params: Record<string, string>) =>
  t(key, { ...params, when: '\u0001' }).split('\u0001')[0]!

// The moderation journey in each language, the reporter and the moderator each choosing it with the
// header's switcher.
for (const language of LANGUAGES) {
  const t = translator(language)
  test(`in ${language}: a recipient reports a listing from its page; a moderator hides it from /moderation; it is gone and the audit log shows it`, async ({
    browser,
  }) => {
    const title = `Leftover biryani ${language} ${Date.now()}`
    const id = await listingOfNewDonor(browser, title)

    const recipient = await newAccount(browser, 'recipient', 'Reporting Recipient')
    // The card's menu offers Report too.
    await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
    await chooseLanguage(recipient.page, language)
    await recipient.page.getByRole('button', { name: t('listings.card.menu', { title }) }).click()
    await recipient.page.getByRole('menuitem', { name: t('moderation.report.button') }).click()
    const reportTitle = t('moderation.report.title.listing')
    await expect(recipient.page.getByRole('dialog', { name: reportTitle })).toBeVisible()
    await recipient.page.keyboard.press('Escape')

    await recipient.page.goto(`/listings/${id}`)
    await expect(recipient.page.getByRole('heading', { name: title })).toBeVisible()
    await recipient.page.getByRole('button', { name: t('moderation.report.button'), exact: true }).click()
    const dialog = recipient.page.getByRole('dialog', { name: reportTitle })
    await dialog.getByRole('radio', { name: t('moderation.reasons.unsafe_food') }).check()
    await dialog.getByLabel(t('moderation.report.note')).fill('It smelled sour when I saw it at the stall.')
    await dialog.getByRole('button', { name: t('moderation.report.submit') }).click()
    await expect(dialog.getByText(t('moderation.report.thanks'))).toBeVisible()
    await dialog
      .getByRole('button', { name: t('forms.close') })
      .first()
      .click()

    const moderator = await moderatorPage(browser)
    await moderator.goto('/')
    await chooseLanguage(moderator, language)
    await moderator
      .getByRole('button', { name: literally(t('common.userMenu', { name: 'Ruwan Wijesinghe' })) })
      .click()
    await moderator.getByRole('menuitem', { name: t('common.moderation') }).click()
    await expect(moderator).toHaveURL('/moderation')
    await expect(moderator.getByRole('tab', { name: t('moderating.tabs.reports') })).toHaveAttribute(
      'data-state',
      'active',
    )
    const card = moderator.getByRole('listitem', { name: title })
    await expect(card).toContainText(t('moderation.reasons.unsafe_food'))
    await expect(card).toContainText('It smelled sour')
    await expect(card).toContainText(
      byWhom(t, 'moderating.reports.byWhen', { reporter: 'Reporting Recipient' }),
    )
    await card.getByRole('button', { name: t('moderating.actions.hide.button') }).click()
    const hide = moderator.getByRole('dialog', { name: t('moderating.actions.hide.title') })
    await hide.getByLabel(t('moderating.actions.reason')).fill('Cooked too long ago to be safe')
    await hide.getByRole('button', { name: t('moderating.actions.hide.confirm') }).click()
    await expect(moderator.getByText(t('moderating.actions.hide.done', { subject: title }))).toBeVisible()

    await recipient.page.goto(`/find-food?q=${encodeURIComponent(title)}`)
    await expect(recipient.page.getByRole('searchbox')).toHaveValue(title)
    await expect(recipient.page.locator('main article', { hasText: title })).toHaveCount(0)
    await recipient.page.goto(`/listings/${id}`)
    await expect(
      recipient.page.getByRole('heading', { name: t('listing-page.unavailable.title') }),
    ).toBeVisible()

    await moderator.getByRole('tab', { name: t('moderating.tabs.audit') }).click()
    const entry = moderator
      .getByRole('listitem')
      .filter({ hasText: `${t('moderating.audit.actions.listing_hidden')}: ${title}` })
    await expect(entry).toContainText(byWhom(t, 'moderating.audit.byWhen', { actor: 'Ruwan Wijesinghe' }))
    await expect(entry).toContainText('Cooked too long ago to be safe')
    // The switcher made the shared demo moderator's profile Sinhala or Tamil: English again for the
    // other journeys' mail and bell.
    const restored = await moderator.request.patch('/api/me', { headers: fromApp, data: { language: 'en' } })
    expect(restored.status(), await restored.text()).toBe(200)
    await recipient.context.close()
    await moderator.context().close()
  })
}

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
