import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { sriLankaInstant, sriLankaParts } from '../src/shared/sri-lanka-time'
import { newAccount } from './fixtures/accounts'
import { axeOf } from './fixtures/axe'
import { chooseLanguage, LANGUAGES, literally, translator } from './fixtures/languages'
import { fromApp } from './fixtures/origin'
import { scrollThrough } from './fixtures/scroll'

const DONOR = { email: 'nimal@demo.ahara.lk', password: 'ahara-demo-2026' }

async function signIn(page: Page, credentials: { email: string; password: string }) {
  const res = await page.request.post('/api/sessions', { headers: fromApp, data: credentials })
  expect(res.status()).toBe(200)
}

const cards = (page: Page) => page.locator('main article')

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([])
}

// The donor's journey in each language, chosen with the header's switcher, by a new donor each time.
for (const language of LANGUAGES) {
  const t = translator(language)
  test(`in ${language}: a donor completes the wizard with an image, finds the listing on Find Food and edits it`, async ({
    browser,
  }) => {
    const title = `Pol roti stack ${language} ${Date.now()}`
    const { page, context } = await newAccount(browser, 'donor', 'Wizard Donor')
    await page.goto('/donate')
    await chooseLanguage(page, language)
    await expect(page.getByRole('heading', { name: t('donate.steps.details') })).toBeVisible()
    await expect(page.getByRole('button', { name: t('donate.previous') })).toBeDisabled()
    await expectNoAxeViolations(page)

    // Step 1: every message first.
    await page.getByRole('button', { name: t('donate.next') }).click()
    for (const message of [
      'titleRequired',
      'categoryRequired',
      'descriptionRequired',
      'quantityRequired',
      'imageRequired',
    ]) {
      await expect(page.getByText(t(`donate.errors.${message}`))).toBeVisible()
    }
    await page.getByLabel(t('listings.type.half-price')).check()
    await page.getByRole('button', { name: t('donate.next') }).click()
    await expect(page.getByText(t('donate.errors.priceRequired'))).toBeVisible()
    await page.getByLabel(t('listings.type.free'), { exact: true }).check()

    await page.getByLabel(t('listings.fields.title')).fill(title)
    await page.getByLabel(t('listings.fields.category')).selectOption({ label: t('categories.bakery') })
    await page
      .getByLabel(t('listings.fields.description'))
      .fill('Coconut roti with lunu miris, made this morning.')
    await page.getByLabel(t('listings.fields.quantity')).fill('6')
    await page.getByLabel(t('allergens.dairy')).check()
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer()
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'roti.jpg', mimeType: 'image/jpeg', buffer: photo })
    await expect(page.getByRole('img', { name: t('listings.images.preview', { n: 1 }) })).toBeVisible()
    await page.getByRole('button', { name: t('donate.next') }).click()

    // Step 2.
    await expect(page.getByRole('heading', { name: t('donate.steps.pickup') })).toBeVisible()
    await page.getByLabel(t('listings.fields.district')).selectOption('')
    await page.getByRole('button', { name: t('donate.next') }).click()
    for (const message of [
      'addressRequired',
      'cityRequired',
      'districtRequired',
      'expiryDateRequired',
      'expiryTimeRequired',
    ]) {
      await expect(page.getByText(t(`donate.errors.${message}`))).toBeVisible()
    }
    const expiry = sriLankaParts(new Date(Date.now() + 26 * 3_600_000))
    await page.getByLabel(t('listings.fields.pickupAddress')).fill('12 Hill Street')
    await page.getByRole('textbox', { name: t('listings.fields.city'), exact: true }).fill('Dehiwala')
    await page.getByLabel(t('listings.fields.district')).selectOption('Colombo')
    await page.getByLabel(t('listings.fields.pickupDate')).fill(expiry.date)
    await page.getByLabel(t('listings.fields.pickupTimeStart')).fill('10:00')
    await page.getByLabel(t('listings.fields.expiryDate')).fill(expiry.date)
    await page.getByLabel(t('listings.fields.expiryTime')).fill(expiry.time)
    await page.getByRole('button', { name: t('donate.next') }).click()

    // Step 3.
    await expect(page.getByRole('heading', { name: t('donate.steps.safety') })).toBeVisible()
    await page.getByRole('button', { name: t('donate.next') }).click()
    await expect(page.getByText(t('donate.errors.safetyRequired'))).toBeVisible()
    for (const check of ['freshness', 'properStorage', 'hygieneStandards', 'labelingComplete']) {
      await page.getByLabel(t(`donate.safety.${check}.title`)).check()
    }
    await page.getByRole('button', { name: t('donate.next') }).click()

    // Step 4.
    await expect(page.getByRole('heading', { name: t('donate.steps.review') })).toBeVisible()
    await expect(page.getByText(title)).toBeVisible()
    await page.getByRole('button', { name: t('donate.submit') }).click()
    // The confirmation is at the top of the page, in view, instead of an empty first step.
    const posted = page.getByRole('heading', { name: t('donate.success') })
    await expect(posted).toBeInViewport()
    await expect(page.getByRole('heading', { name: t('donate.steps.details') })).toHaveCount(0)
    await expect(page.getByRole('link', { name: t('donate.posted.view') })).toHaveAttribute(
      'href',
      /^\/listings\//,
    )
    await page.getByRole('button', { name: t('donate.posted.more') }).click()
    await expect(page.getByRole('heading', { name: t('donate.steps.details') })).toBeVisible()
    await expect(page.getByLabel(t('listings.fields.title'))).toHaveValue('')

    // On Find Food, the owner sees Edit Listing instead of the order buttons.
    await page.goto(`/find-food?q=${encodeURIComponent(title)}`)
    const card = cards(page).filter({ hasText: title })
    await expect(card).toHaveCount(1)
    await expect(card.locator('img').first()).toHaveAttribute('src', /-thumb\.webp$/)
    await expect(card.getByText(t('listings.card.servings', { count: 6, n: 6 }))).toBeVisible()
    await expect(card.getByRole('button', { name: t('find-food.actions.claim') })).toHaveCount(0)
    await card.getByRole('button', { name: t('find-food.actions.edit') }).click()

    const dialog = page.getByRole('dialog', { name: t('listings.edit.title') })
    await expect(dialog).toBeVisible()
    await expectNoAxeViolations(page)
    await dialog.getByLabel(t('listings.fields.title')).fill('')
    await dialog.getByRole('button', { name: t('listings.edit.save') }).click()
    await expect(dialog.getByText(t('listings.errors.requiredFields')).first()).toBeVisible()
    await dialog.getByLabel(t('listings.fields.title')).fill(`${title} (edited)`)
    await dialog.getByLabel(t('listings.type.half-price')).check()
    await dialog.getByRole('button', { name: t('listings.edit.save') }).click()
    await expect(dialog.getByText(t('listings.errors.priceRequired')).first()).toBeVisible()
    await dialog.getByLabel(t('listings.fields.price')).fill('60')
    await dialog.getByLabel(t('listings.fields.quantity')).fill('4')
    await dialog.getByRole('button', { name: t('listings.edit.save') }).click()
    await expect(dialog.getByText(t('listings.edit.success'))).toBeVisible()
    await expect(dialog).toBeHidden({ timeout: 5000 })

    await page.goto(`/find-food?q=${encodeURIComponent(`${title} (edited)`)}`)
    const edited = cards(page).filter({ hasText: `${title} (edited)` })
    await expect(edited.getByText(t('listings.card.servings', { count: 4, n: 4 }))).toBeVisible()
    await expect(edited.getByText(literally(t('listings.type.half-price')))).toBeVisible()
    await context.close()
  })
}

test('the wizard refuses a pickup window that is already over in Sri Lanka, as at 19:10 for 18:00', async ({
  page,
}) => {
  // The phone's clock at 19:10 in Colombo today (the server is not asked until Submit).
  const today = sriLankaParts(new Date()).date
  await page.clock.setFixedTime(sriLankaInstant(today, '19:10'))
  await signIn(page, DONOR)
  await page.goto('/donate')
  await page.getByLabel('Food title').fill('Evening string hoppers')
  await page.getByLabel('Category').selectOption({ label: 'Bakery Items' })
  await page.getByLabel('Description').fill('Fresh, with kiri hodi.')
  await page.getByLabel('Quantity (servings)').fill('5')
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#65a30d' } })
    .jpeg()
    .toBuffer()
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'hoppers.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Next Step' }).click()

  await expect(page.getByRole('heading', { name: 'Location & Pickup' })).toBeVisible()
  const tomorrow = sriLankaParts(new Date(sriLankaInstant(today, '19:10').getTime() + 24 * 3_600_000)).date
  await page.getByLabel('Pickup address').fill('12 Hill Street')
  await page.getByLabel('City').fill('Dehiwala')
  await page.getByLabel('District').selectOption('Colombo')
  await page.getByLabel('Pickup date').fill(today)
  await page.getByLabel('Pickup start time').fill('18:00')
  await page.getByLabel('Expiry date').fill(tomorrow)
  await page.getByLabel('Expiry time').fill('10:00')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByText('This pickup time is already over. Please choose a later time.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Location & Pickup' })).toBeVisible()

  await page.getByLabel('Pickup start time').fill('19:30')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', { name: 'Safety & Quality' })).toBeVisible()
})

test('a visitor searches, filters by category and type, sorts by expiry and clears the filters', async ({
  page,
}) => {
  await page.goto('/find-food')
  await expect(page.getByText(/\d+ food items available/)).toBeVisible()
  await expect(cards(page).first()).toBeVisible()
  // The cards of a row are equally wide, whatever their text.
  const widths = await cards(page).evaluateAll((all) =>
    all.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().width)),
  )
  expect(new Set(widths).size).toBe(1)
  // The cards below the first screens are built as the reader scrolls to them: from then on every
  // list this page shows is whole.
  await cards(page).last().scrollIntoViewIfNeeded()
  await expect(cards(page).nth(4)).toBeAttached()

  await page.getByRole('searchbox', { name: 'Search for food items...' }).fill('BREAD')
  await expect(cards(page).filter({ hasText: 'Fresh bread loaves' })).toHaveCount(1)
  // The bakery's city is its district: "Galle", once; the pickup shows its day and window.
  const bread = cards(page).filter({ hasText: 'Fresh bread loaves' })
  await expect(bread.getByText('Galle', { exact: true })).toBeVisible()
  await expect(bread.getByText(/^Pickup .+, 11:00–12:00$/)).toBeVisible()
  await expect(cards(page).filter({ hasText: 'Vegetable kottu' })).toHaveCount(0)
  await expect(page).toHaveURL(/q=BREAD/)

  await page.getByRole('searchbox').fill('')
  await page.getByRole('button', { name: 'Bakery Items' }).click()
  await expect(page).toHaveURL(/category=bakery/)
  await expect(cards(page).filter({ hasText: 'Butter cake slices' })).toHaveCount(1)
  await expect(cards(page).filter({ hasText: 'Vegetable kottu' })).toHaveCount(0)

  await page.getByLabel('Type').selectOption({ label: 'Half Price' })
  await expect(cards(page).filter({ hasText: 'Fresh bread loaves' })).toHaveCount(0)
  await expect(cards(page).filter({ hasText: 'Butter cake slices' })).toHaveCount(1)

  await page.getByRole('button', { name: 'All Categories' }).click()
  await page.getByLabel('Sort by').selectOption({ label: 'Expiry Time' })
  await expect(page).toHaveURL(/sort=expiry/)
  // Half-price food that expires soonest comes first: of the demo's, the faluda (by 15:00 on the
  // demo's pickup day) before the kottu. Other journeys' listings may sit between them.
  await expect(cards(page).filter({ hasText: 'Faluda glasses' })).toHaveCount(1)
  // The kottu comes after it (on this page, or on a later one), once the sorted page has replaced
  // the one before it.
  await expect
    .poll(async () => {
      const titles = await cards(page).locator('h3').allTextContents()
      const faluda = titles.findIndex((title) => title.includes('Faluda glasses'))
      const kottu = titles.findIndex((title) => title.includes('Vegetable kottu'))
      return faluda >= 0 && (kottu === -1 || kottu > faluda)
    })
    .toBe(true)

  const faludaCard = cards(page).filter({ hasText: 'Faluda glasses' })
  await faludaCard.getByRole('button', { name: 'Request Food' }).click()
  await expect(page.getByText('Please sign in to request food.')).toBeVisible()
  await faludaCard.getByRole('button', { name: 'Request Delivery' }).click()
  await expect(page.getByText('Please sign in to request delivery.')).toBeVisible()

  await page.getByRole('searchbox').fill('no such food anywhere')
  await expect(page.getByRole('heading', { name: 'No food items found' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(page).not.toHaveURL(/q=|type=|category=/)
  await expect(page.getByRole('searchbox')).toHaveValue('')
  // Other journeys' listings may fill the first page: find the bread again by name.
  await page.getByRole('searchbox').fill('Fresh bread')
  await expect(cards(page).filter({ hasText: 'Fresh bread loaves' })).toHaveCount(1)
  const freeCard = cards(page).filter({ hasText: 'Fresh bread loaves' })
  await freeCard.getByRole('button', { name: 'Claim Free Food' }).click()
  await expect(page.getByText('Please sign in to claim food.')).toBeVisible()

  // Taken and past listings come last, greyed and marked Not Available.
  await page.getByRole('searchbox').fill('rice')
  await expect(cards(page).filter({ hasText: 'Milk rice for Poya' })).toHaveCount(1)
  await expect(cards(page).last()).toContainText('Not Available')
  await expect(cards(page).first()).not.toContainText('Not Available')
  await expectNoAxeViolations(page)
})

test('the home page shows live figures, available listings with their donors, and stories', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Meals Shared')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Available now' })).toBeVisible()
  // The latest food and the stories are built as the reader scrolls to them.
  await scrollThrough(page)
  await expect(page.locator('main article').first()).toBeVisible()
  await expect(page.getByText(/donations? ·/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Community stories' })).toBeVisible()
  await page.goto('/?type=recovery&token=abc123')
  await expect(page).toHaveURL('/reset-password?type=recovery&token=abc123')
})
