import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test'
import { sriLankaParts, sriLankaToday } from '../src/shared/sri-lanka-time'
import { signUpAndIn } from './fixtures/accounts'
import { fromApp } from './fixtures/origin'
import {
  measurePhoneScreen,
  overlappingPairs,
  PHONE_LANGUAGES,
  type ScreenReport,
} from './fixtures/phone-checks'

/**
 * Every role's main job on a 360 × 740 phone in English, Sinhala and Tamil: nothing in main scrolls
 * sideways, every control is at least 44 × 44 CSS px, the brand is whole in the header, and the
 * donate review's labels and values never overlap. A full-page screenshot of each step is attached
 * to the report.
 */
const PHONE = { width: 360, height: 740 }
const PASSWORD = 'ahara-demo-2026'
const ACCOUNTS = {
  recipient: 'saman@demo.ahara.lk',
  donor: 'nimal@demo.ahara.lk',
  volunteer: 'kasun@demo.ahara.lk',
} as const
type Role = keyof typeof ACCOUNTS
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

// One sign-in per role, reused by every language.
const signedIn = new Map<string, StorageState>()

async function phone(browser: Browser, locale: string, role?: Role): Promise<Page> {
  let storageState: StorageState | undefined
  if (role) {
    // A new recipient per language: the demo's already hold the most open orders fair use allows.
    const key = role === 'recipient' ? `${role}:${locale}` : role
    storageState = signedIn.get(key)
    if (!storageState) {
      const context = await browser.newContext()
      if (role === 'recipient') {
        await signUpAndIn(await context.newPage(), 'recipient', `Phone Recipient ${locale}`)
      } else {
        const res = await context.request.post('/api/sessions', {
          headers: fromApp,
          data: { email: ACCOUNTS[role], password: PASSWORD },
        })
        expect(res.status()).toBe(200)
      }
      storageState = await context.storageState()
      signedIn.set(key, storageState)
      await context.close()
    }
  }
  const context = await browser.newContext({ viewport: PHONE, locale, storageState })
  return context.newPage()
}

/** Waits for the screen to settle, attaches its screenshot and fails on what a phone user would suffer. */
async function check(page: Page, testInfo: TestInfo, step: string): Promise<ScreenReport> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  await expect(page.locator('main [role="status"] .animate-spin')).toHaveCount(0)
  const path = testInfo.outputPath(`${step}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(step, { path, contentType: 'image/png' })
  // A full-page shot draws fixed layers (dialogs, the bell's list) out of place: also the screen as seen.
  if ((await page.getByRole('dialog').count()) > 0) {
    const screen = testInfo.outputPath(`${step}-screen.png`)
    await page.screenshot({ path: screen })
    await testInfo.attach(`${step}-screen`, { path: screen, contentType: 'image/png' })
  }
  const report = await page.evaluate(measurePhoneScreen)
  await testInfo.attach(`${step}.json`, {
    body: JSON.stringify(report, null, 2),
    contentType: 'application/json',
  })
  expect.soft(report.sideways, `${step}: elements in main that scroll sideways`).toEqual([])
  expect.soft(report.small, `${step}: controls under 44 × 44 px`).toEqual([])
  expect.soft(report.brandCut, `${step}: the brand cut short in the header`).toEqual([])
  return report
}

for (const { lang, locale } of PHONE_LANGUAGES) {
  test.describe(`${lang} at 360 px`, () => {
    test(`recipient: find food, the claim dialog, then the dashboard (${lang})`, async ({
      browser,
    }, testInfo) => {
      const page = await phone(browser, locale, 'recipient')
      await page.goto('/find-food?type=free')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('main article').first()).toBeVisible()
      await check(page, testInfo, `${lang}-recipient-1-find-food`)
      // The filters, folded away on a phone: the category chips are controls too.
      await page.locator('main button[aria-controls="find-food-filters"]').click()
      await expect(page.locator('#find-food-filters [aria-pressed]').first()).toBeVisible()
      await check(page, testInfo, `${lang}-recipient-1-find-food-filters`)

      const card = page
        .locator('main article')
        .filter({ has: page.locator('button') })
        .first()
      await card.locator('button').first().click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await check(page, testInfo, `${lang}-recipient-2-claim-dialog`)

      // A missing phone is reported on its field, which gets focus; the error goes once it is given.
      await dialog.locator('input[type="radio"][value="phone"]').check()
      const phoneField = dialog.locator('input[type="tel"]')
      await expect(phoneField).toHaveAttribute('inputmode', 'tel')
      await phoneField.fill('')
      await dialog.locator('button[type="submit"]').click()
      await expect(phoneField).toHaveAttribute('aria-invalid', 'true')
      await expect(phoneField).toBeFocused()
      await check(page, testInfo, `${lang}-recipient-3-claim-errors`)
      await phoneField.fill('0771234567')
      await expect(phoneField).not.toHaveAttribute('aria-invalid', 'true')
      await expect(dialog.getByRole('alert')).toHaveCount(0)
      await page.keyboard.press('Escape')

      await page.goto('/dashboard/recipient')
      await expect(page.locator('main h1')).toBeVisible()
      await check(page, testInfo, `${lang}-recipient-4-dashboard`)
      for (const tab of ['claims', 'requests', 'deliveries']) {
        await page.goto(`/dashboard/recipient?tab=${tab}`)
        await expect(page.locator('main [role="tabpanel"][data-state="active"]')).toBeVisible()
        await check(page, testInfo, `${lang}-recipient-5-${tab}`)
      }
      await page.context().close()
    })

    test(`donor: the donate wizard to its review, then pending approvals (${lang})`, async ({
      browser,
    }, testInfo) => {
      const page = await phone(browser, locale, 'donor')
      await page.goto('/donate')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const form = page.locator('main form')
      await expect(form).toBeVisible()
      await check(page, testInfo, `${lang}-donor-1-food`)

      // Next with nothing filled: the first invalid field gets focus; an error goes once fixed.
      const next = form.locator('button[type="submit"]')
      await next.click()
      const title = form.locator('input[name="title"]')
      await expect(title).toBeFocused()
      await expect(title).toHaveAttribute('aria-invalid', 'true')
      await title.fill('Rice and dhal for twenty')
      await expect(title).not.toHaveAttribute('aria-invalid', 'true')
      await expect(form.locator('input[name="quantity"]')).toHaveAttribute('inputmode', 'numeric')

      // Rice & Curry: the first category, Prepared Meals, asks for the cooked-food clock too.
      await form.locator('select[name="categoryId"]').selectOption({ index: 2 })
      await form.locator('input[name="quantity"]').fill('20')
      await form
        .locator('textarea[name="description"]')
        .fill('Freshly cooked this afternoon, packed in boxes.')
      await form.locator('input[type="file"]').setInputFiles('e2e/fixtures/photo.jpg')
      // Uploaded: the photo has its remove button and no progress bar is left.
      await expect(form.locator('li img + button')).toHaveCount(1)
      await expect(form.locator('progress')).toHaveCount(0)
      await next.click()

      await expect(form.locator('input[name="pickupAddress"]')).toBeVisible()
      await check(page, testInfo, `${lang}-donor-2-pickup`)
      await form.locator('input[name="pickupAddress"]').fill('12 Galle Road, near the Wellawatte junction')
      await form.locator('input[name="pickupCity"]').fill('Wellawatte')
      await form.locator('select[name="pickupDistrict"]').selectOption('Colombo')
      const today = sriLankaToday()
      // The window opens in an hour, whenever the suite runs; the recipient below picks it up then.
      const start = sriLankaParts(new Date(Date.now() + 3_600_000))
      await form.locator('input[name="pickupDate"]').fill(start.date)
      await form.locator('input[name="pickupTimeStart"]').fill(start.time)
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      await form.locator('input[name="expiryDate"]').fill(tomorrow)
      await form.locator('input[name="expiryTime"]').fill('12:00')
      await next.click()

      const checks = form.locator('input[type="checkbox"]')
      await expect(checks.first()).toBeVisible()
      await check(page, testInfo, `${lang}-donor-3-safety`)
      for (const box of await checks.all()) await box.check()
      await next.click()

      const review = form.locator('dl')
      await expect(review).toBeVisible()
      await check(page, testInfo, `${lang}-donor-4-review`)
      const overlaps = await review.evaluate(overlappingPairs)
      expect(overlaps, 'labels and values of the review that overlap').toEqual([])
      // The submit button stays inside the form's card.
      const formBox = (await form.boundingBox())!
      const submitBox = (await form.locator('button[type="submit"]').boundingBox())!
      expect(submitBox.x + submitBox.width).toBeLessThanOrEqual(formBox.x + formBox.width)

      // Posted from the phone, then claimed by a recipient: a decision now waits for the donor.
      const posted = page.waitForResponse(
        (r) => r.url().endsWith('/api/listings') && r.request().method() === 'POST',
      )
      await form.locator('button[type="submit"]').click()
      const listing = (await (await posted).json()) as { id: string }
      const recipient = await phone(browser, locale, 'recipient')
      const claim = await recipient.request.post(`/api/listings/${listing.id}/claims`, {
        headers: fromApp,
        data: {
          quantity: 2,
          pickupDate: start.date,
          pickupTime: start.time,
          contactMethod: 'email',
          email: ACCOUNTS.recipient,
        },
      })
      expect(claim.status(), await claim.text()).toBe(201)
      await recipient.context().close()

      await page.goto('/dashboard/donor')
      // On a phone the decisions waiting for the donor come first, above the figures.
      const approve = page.locator('main [data-order] button').first()
      await expect(approve).toBeVisible()
      const stats = page.locator('main [data-stats]')
      expect((await approve.boundingBox())!.y).toBeLessThan((await stats.boundingBox())!.y)
      await check(page, testInfo, `${lang}-donor-5-dashboard`)
      // The claim's notification, in the bell's list and opened.
      await page.getByRole('banner').locator('button[aria-haspopup="dialog"]').click()
      const list = page.getByRole('dialog')
      await expect(list.locator('li button').first()).toBeVisible()
      await check(page, testInfo, `${lang}-donor-6-notifications`)
      await list.locator('li button').first().click()
      await expect(page.getByRole('dialog')).toHaveCount(1)
      await expect(page.getByRole('dialog').locator('h2')).toBeVisible()
      await check(page, testInfo, `${lang}-donor-7-notification`)
      await page.keyboard.press('Escape')
      for (const tab of ['active', 'history']) {
        await page.goto(`/dashboard/donor?tab=${tab}`)
        await expect(page.locator('main [role="tabpanel"][data-state="active"]')).toBeVisible()
        await check(page, testInfo, `${lang}-donor-8-${tab}`)
      }
      await page.context().close()
    })

    test(`volunteer: available deliveries, then the schedule (${lang})`, async ({ browser }, testInfo) => {
      const page = await phone(browser, locale, 'volunteer')
      await page.goto('/dashboard/volunteer')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('main h1')).toBeVisible()
      await check(page, testInfo, `${lang}-volunteer-1-dashboard`)
      for (const tab of ['available', 'my-deliveries', 'history']) {
        await page.goto(`/dashboard/volunteer?tab=${tab}`)
        await expect(page.locator('main [role="tabpanel"][data-state="active"]')).toBeVisible()
        await check(page, testInfo, `${lang}-volunteer-2-${tab}`)
      }
      await page.goto('/volunteer/schedule')
      await expect(page.locator('main h1')).toBeVisible()
      await check(page, testInfo, `${lang}-volunteer-3-schedule`)
      await page.goto('/profile')
      await expect(page.locator('main h1')).toBeVisible()
      await check(page, testInfo, `${lang}-volunteer-4-profile`)
      await page.context().close()
    })
  })
}

for (const { lang, locale } of PHONE_LANGUAGES.filter((l) => l.lang !== 'en')) {
  test(`a first visit from a ${locale} phone opens in ${lang}, home and sign-in fit`, async ({
    browser,
  }, testInfo) => {
    const page = await phone(browser, locale)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await check(page, testInfo, `${lang}-visitor-1-home`)
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click()
    await check(page, testInfo, `${lang}-visitor-2-menu`)
    await page.goto('/auth')
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('main a[href="/forgot-password"]')).toBeVisible()
    await check(page, testInfo, `${lang}-visitor-3-auth`)
    // The stories' filter chips and like buttons, each at least 44 × 44 px.
    await page.goto('/community?tab=stories')
    const stories = page.locator('main [role="tabpanel"]')
    await expect(stories.locator('button[aria-pressed]').first()).toBeVisible()
    for (const control of await stories.locator('button').all()) {
      const box = (await control.boundingBox())!
      const name = await control.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent)
      expect.soft(Math.min(box.width, box.height), `${lang} stories: "${name}"`).toBeGreaterThanOrEqual(43.5)
    }
    // A listing's Share, with its Copy and WhatsApp fallback (this Chromium has no share sheet).
    const res = await page.request.get(`/api/listings?q=${encodeURIComponent('Fish buns')}`)
    const { items } = (await res.json()) as { items: { id: string }[] }
    await page.goto(`/listings/${items[0]!.id}`)
    await page.locator('main button:has(svg.lucide-share-2)').click()
    await expect(page.locator('main a[href^="https://wa.me/"]')).toBeVisible()
    await check(page, testInfo, `${lang}-visitor-5-share`)
    await page.context().close()
  })
}
