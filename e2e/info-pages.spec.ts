import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { axeOf } from './fixtures/axe'

type Catalog = Record<string, unknown>
const catalog = (lang: string, feature: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../src/shared/locales/${lang}/${feature}.json`, import.meta.url), 'utf8'))
const text = (value: Catalog, path: string): string =>
  path.split('.').reduce<unknown>((node, key) => (node as Catalog)[key], value) as string

const PAGES = [
  { route: '/help', title: 'pages.help.title' },
  { route: '/safety', title: 'pages.safety.title' },
  { route: '/guidelines', title: 'pages.guidelines.title' },
  { route: '/contact', title: 'pages.contact.title' },
  { route: '/privacy', title: 'pages.privacy.title' },
  { route: '/terms', title: 'pages.terms.title' },
]

/** Latin words a Sinhala or Tamil page may keep: proper names and technical terms. */
const LATIN_ALLOWED = new Set([
  ...['WhatsApp', 'IP', 'Ahara', 'Google', 'JSON'],
  // The name a deleted account keeps, quoted as stored and shown to everyone (docs/decisions/0039-own-data.md).
  ...['Deleted', 'user'],
])

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
}

test.describe('help center', () => {
  test('searches questions and answers, filters by topic and says when nothing matches', async ({ page }) => {
    await page.goto('/help')
    const search = page.getByRole('searchbox', { name: 'Search the help center' })
    await expect(search).toHaveAttribute('placeholder', 'Search for help...')
    const questions = page.locator('details summary')
    await expect(questions).toHaveCount(8)

    // A word of the answer only, in capitals: the role question's answer sends the reader to support.
    await search.fill('CONTACT SUPPORT WITH THE E-MAIL')
    await expect(questions).toHaveCount(1)
    await expect(questions).toContainText('Can I change my role from donor, recipient or volunteer?')
    await expect(
      page.getByText(
        /you cannot change it yourself afterwards\. If you need a different role, contact support/,
      ),
    ).toBeVisible()

    await search.fill('')
    await page.getByRole('button', { name: 'Donations', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Donations', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(questions).toHaveCount(2)
    await expect(page.getByText('2 questions')).toBeVisible()

    await search.fill('password')
    await expect(page.getByText('No results found')).toBeVisible()
    await page.getByRole('button', { name: 'All topics' }).click()
    await expect(questions).toHaveCount(1)
    await expect(page.getByText('1 question', { exact: true })).toBeVisible()

    // Keyboard users see where they are: the search box, then the first topic button.
    await search.focus()
    await page.keyboard.press('Tab')
    const firstTopic = page.getByRole('button', { name: 'All topics' })
    await expect(firstTopic).toBeFocused()
    expect(await firstTopic.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')

    await search.fill('kottu roti')
    await expect(page.getByText('No results found')).toBeVisible()
    await page.getByRole('button', { name: 'Show all questions' }).click()
    await expect(questions).toHaveCount(8)
  })

  test('searches in the reader language', async ({ page }) => {
    await useLanguage(page, 'ta')
    await page.goto('/help')
    await page.getByRole('searchbox').fill('கடவுச்சொல்')
    await expect(page.locator('details summary')).toHaveCount(1)
    await page.getByRole('searchbox').fill('password')
    await expect(page.getByText('முடிவுகள் எதுவும் கிடைக்கவில்லை')).toBeVisible()
  })

  test('sends readers to support, the user guide and the community', async ({ page }) => {
    await page.goto('/help')
    await page.getByRole('link', { name: 'User Guide' }).click()
    await expect(page).toHaveURL(/#user-guide$/)
    await expect(page.getByRole('heading', { name: 'User Guide', level: 2 })).toBeInViewport()
    await page.getByRole('link', { name: 'Community Forum' }).click()
    await expect(page).toHaveURL('/community')
    await page.goBack()
    await page.getByRole('link', { name: 'Contact Support' }).first().click()
    await expect(page).toHaveURL('/contact')
  })
})

test.describe('contact', () => {
  test('checks every field, sends the message and clears the form', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    for (const message of [
      'Please enter your full name.',
      'Please enter your e-mail address.',
      'Please choose a category.',
      'Please enter a subject.',
      'Please write your message.',
    ]) {
      await expect(page.getByText(message)).toBeVisible()
    }

    const name = page.getByRole('textbox', { name: 'Full Name', exact: true })
    await name.fill('Ruwan Jayasinghe')
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ruwan.at.example.lk')
    await page
      .getByRole('combobox', { name: 'Category' })
      .selectOption({ label: 'Partnership Opportunities' })
    await page
      .getByRole('textbox', { name: 'Subject', exact: true })
      .fill('Our bakery in Kurunegala would like to join')
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('We have about 40 loaves left every evening. How can we start sharing them?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Email Address', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )

    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ruwan@example.lk')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: "Thank you for your message! We'll get back to you within 24 hours." }),
    ).toBeVisible()
    await expect(name).toHaveValue('')
    await expect(page.getByRole('textbox', { name: 'Email Address', exact: true })).toHaveValue('')
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('')
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('')
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('')
  })

  test('shows the support channels, office hours and emergency contacts', async ({ page }) => {
    await page.goto('/contact')
    const aside = page.getByRole('complementary')
    await expect(aside.getByText('24 hours a day, 7 days a week. We reply within 24 hours.')).toBeVisible()
    await expect(aside.getByText('Monday to Friday, 09:00 to 18:00')).toHaveCount(2)
    await expect(aside.getByText('09:00 to 14:00')).toBeVisible()
    await expect(aside.getByText('Closed')).toBeVisible()
    await expect(aside.getByRole('heading', { name: 'Food safety emergency' })).toBeVisible()
    await expect(aside.getByRole('link', { name: 'emergency@ahara.lk' })).toHaveAttribute(
      'href',
      'mailto:emergency@ahara.lk',
    )
  })

  test('opens with the category a link asks for', async ({ page }) => {
    await page.goto('/safety')
    await page.getByRole('link', { name: 'Report a food safety concern' }).click()
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('food-safety')
  })

  test('checks the form in Sinhala', async ({ page }) => {
    await useLanguage(page, 'si')
    await page.goto('/contact')
    await page.getByRole('button', { name: 'පණිවිඩය යවන්න' }).click()
    await expect(page.getByText('කරුණාකර ඔබේ සම්පූර්ණ නම ඇතුළත් කරන්න.')).toBeVisible()
    await expect(page.getByText('කරුණාකර ප්‍රවර්ගයක් තෝරන්න.')).toBeVisible()
  })
})

test.describe('safety, guidelines, privacy and terms', () => {
  test('state the rules and figures users rely on', async ({ page }) => {
    await page.goto('/safety')
    const main = page.getByRole('main')
    for (const figure of ['Below 4°C', 'Above 60°C', '4°C to 60°C', '2 hours']) {
      await expect(main.getByText(figure, { exact: true })).toBeVisible()
    }
    await expect(main.locator('#allergens li')).toHaveCount(9)
    await expect(main.locator('#not-accepted li')).toHaveCount(8)
    await expect(main.getByText(/not more than 1 hour when it is hotter than 32°C/)).toBeVisible()
    await expect(main.getByText(/eaten the same day it was cooked/)).toBeVisible()

    await page.goto('/guidelines')
    for (const step of ['1. Warning', '2. Temporary suspension', '3. Permanent ban']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible()
    }
    for (const role of ['Donors', 'Recipients', 'Volunteers', 'Prohibited activities']) {
      await expect(page.getByRole('heading', { name: role, level: 2 })).toBeVisible()
    }

    await page.goto('/privacy')
    await expect(page.getByText(/up to 7 years/)).toBeVisible()
    await expect(page.getByText(/within 30 days/)).toBeVisible()
    await expect(page.getByText(/not meant for children under 13/)).toBeVisible()

    await page.goto('/terms')
    await expect(page.getByText('You must be at least 18 years old to create an account.')).toBeVisible()
    await expect(page.getByText(/in the 12 months before the event/)).toBeVisible()
  })
})

for (const language of ['si', 'ta']) {
  test(`every information page reads in ${language}, fits 360 px and passes axe`, async ({ page }) => {
    const common = catalog(language, 'common')
    await page.setViewportSize({ width: 360, height: 740 })
    await useLanguage(page, language)
    for (const { route, title } of PAGES) {
      await page.goto(route)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(common, title))

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${route} overflows by ${overflow}px`).toBeLessThanOrEqual(0)

      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      const visible = await page.getByRole('main').innerText()
      const latin = (visible.replace(/\S+@\S+/g, '').match(/[A-Za-z]{2,}/g) ?? []).filter(
        (word) => !LATIN_ALLOWED.has(word),
      )
      expect(latin, `${route} has English left`).toEqual([])

      const results = await axeOf(page).analyze()
      expect(results.violations.map((v) => `${route}: ${v.id}`)).toEqual([])
    }
  })
}
