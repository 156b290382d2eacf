import { readFileSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { axeOf } from './fixtures/axe'
import { fromApp } from './fixtures/origin'
import { scrollThrough } from './fixtures/scroll'

/**
 * Every route in Sinhala and in Tamil, signed out and as each demo role, on a 360 px phone: no English
 * left outside proper names and user content, nothing wider than the screen, <html lang> and the tab's
 * title right, and no accessibility violations. Each problem is printed with its route so it is easy to find.
 */

const PASSWORD = 'ahara-demo-2026'
const VIEWPORT = { width: 360, height: 740 }
const LANGUAGES = ['si', 'ta'] as const
type Language = (typeof LANGUAGES)[number] | 'en'
type Role = 'donor' | 'recipient' | 'volunteer'
const ACCOUNTS: Record<Role, string> = {
  donor: 'nimal@demo.ahara.lk',
  recipient: 'saman@demo.ahara.lk',
  volunteer: 'kasun@demo.ahara.lk',
}

/** A demo listing's page (photos, allergens, pickup window); its id is looked up when walked. */
const LISTING_ROUTE = '/listings/:fish-buns'

async function resolve(page: Page, route: string): Promise<string> {
  if (route !== LISTING_ROUTE) return route
  const res = await page.request.get(`/api/listings?q=${encodeURIComponent('Fish buns')}`)
  const { items } = (await res.json()) as { items: { id: string }[] }
  return `/listings/${items[0]!.id}`
}

const SIGNED_OUT_ROUTES = [
  '/',
  '/find-food',
  '/donate',
  '/community?tab=stories',
  '/community?tab=volunteers',
  '/community?tab=leaderboard',
  '/community?tab=events',
  '/impact',
  '/auth',
  '/auth?mode=sign-up',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/dashboard/donor',
  '/dashboard/recipient',
  '/dashboard/volunteer',
  '/volunteer',
  '/volunteer/schedule',
  '/help',
  '/safety',
  '/guidelines',
  '/contact',
  '/privacy',
  '/terms',
  LISTING_ROUTE,
  '/no/such/page',
]

/**
 * The routes whose page changes once signed in, per role. The header changes everywhere ('/' covers
 * it); the donor also sees the other roles' dashboards and the volunteer pages (a wrong-role notice).
 */
const SIGNED_IN_ROUTES: Record<Role, string[]> = {
  donor: [
    '/',
    '/find-food',
    '/donate',
    '/community?tab=stories',
    '/community?tab=events',
    '/profile',
    '/dashboard/donor',
    '/dashboard/recipient',
    '/dashboard/volunteer',
    '/volunteer',
    '/volunteer/schedule',
  ],
  recipient: ['/', '/find-food', LISTING_ROUTE, '/donate', '/profile', '/dashboard/recipient'],
  volunteer: [
    '/',
    '/find-food',
    '/community?tab=volunteers',
    '/profile',
    '/dashboard/volunteer',
    '/volunteer',
    '/volunteer/schedule',
  ],
}

/**
 * Latin words a Sinhala or Tamil page may show: the brand, proper names of services and places that
 * are not user content. Compared case-sensitively, word by word.
 */
const ALLOWED_WORDS = new Set([
  ...['Ahara', 'Google', 'WhatsApp', 'LKR', 'Rs', 'Sri', 'Lanka'],
  // Image formats and sizes named in upload hints.
  ...['PNG', 'JPG', 'JPEG', 'GIF', 'WebP'],
  // The name a deleted account keeps, quoted by the Privacy page as stored and shown to everyone
  // (docs/decisions/0039-own-data.md).
  ...['Deleted', 'user'],
])

const common = (language: Language): { loading: string; appName: string } =>
  JSON.parse(readFileSync(new URL(`../src/shared/locales/${language}/common.json`, import.meta.url), 'utf8'))

type Findings = { english: string[]; overflow: string[] }

/** Runs in the page: visible text outside user content, and what sticks out of a 360 px screen. */
function inspect(): Findings {
  // Runs in the browser: everything it uses is defined inside it.
  // translate="no": the map tiles' credit, as the tile provider words it.
  const SKIP =
    '[data-user-content], body [lang="en"], [translate="no"], script, style, noscript, template, svg'
  const texts: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    const parent = node.parentElement
    if (!text || !parent || parent.closest(SKIP)) continue
    // Options of a closed select have no box, yet the reader sees them once it opens.
    const owner = parent.closest('select') ?? parent
    if (!owner.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
    texts.push(text)
  }
  // Labels that repeat user content (a card labelled by its listing's title) are user content too.
  const userTexts = [...document.querySelectorAll('[data-user-content]')]
    .map((el) => el.textContent?.trim() ?? '')
    .filter((text) => text.length >= 3)
    .sort((a, b) => b.length - a.length)
  for (const el of document.body.querySelectorAll<HTMLElement>('[placeholder], [aria-label], img[alt]')) {
    if (el.closest(SKIP) || !el.checkVisibility({ visibilityProperty: true })) continue
    for (const name of ['placeholder', 'aria-label', 'alt']) {
      const value = el.getAttribute(name)?.trim()
      if (value) texts.push(userTexts.reduce((rest, user) => rest.split(user).join(' | '), value))
    }
  }

  const width = document.documentElement.clientWidth
  const overflow: string[] = []
  if (document.documentElement.scrollWidth > width + 1) {
    overflow.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px > ${width}px`)
  }
  const label = (el: Element) => {
    const label = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${label}"`
  }
  /** Inside a box that scrolls or clips sideways on purpose (a table in overflow-x-auto). */
  const scrollsInside = (el: Element): boolean => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX
      if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true
    }
    return false
  }
  for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
    if (el.closest('svg, .sr-only') || !el.checkVisibility({ visibilityProperty: true })) continue
    const rect = el.getBoundingClientRect()
    if (rect.width === 0 || rect.height === 0) continue
    if ((rect.right > width + 1 || rect.left < -1) && !scrollsInside(el)) {
      overflow.push(`${label(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)}px`)
    }
    const clickable = el.matches('button, a, [role="tab"], label, th, td')
    const style = getComputedStyle(el)
    if (clickable && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
      overflow.push(`${label(el)} clips its text: ${el.scrollWidth}px in ${el.clientWidth}px`)
    }
  }
  return { english: texts, overflow }
}

/** Runs of 2+ Latin words of 3+ letters (not allowed names), and a lone Latin word that is a whole label. */
function englishIn(texts: string[]): string[] {
  const found = new Set<string>()
  const word = /^[A-Za-z][A-Za-z'’]{2,}$/
  for (const text of texts) {
    // Tokens: Latin words, and anything else (digits, e-mail, Sinhala, Tamil) breaks a run.
    const cleaned = text
      .replace(/\S+@\S+\.\S+/g, ' | ') // e-mail addresses
      .replace(/https?:\/\/\S+|www\.\S+|\b[\w-]+\.lk\b/g, ' | ') // web addresses
    const tokens = cleaned.split(/[\s,.:;!?()"“”/&+–—-]+/).filter(Boolean)
    let run: string[] = []
    const flush = () => {
      if (run.length >= 2) found.add(run.join(' '))
      run = []
    }
    for (const token of tokens) {
      if (word.test(token) && !ALLOWED_WORDS.has(token)) run.push(token)
      else flush()
    }
    flush()
    const single = text.trim()
    if (word.test(single) && single.length >= 4 && !ALLOWED_WORDS.has(single)) found.add(single)
  }
  return [...found]
}

async function waitUntilSettled(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  const loading = common(language).loading
  await expect(page.getByText(loading, { exact: true })).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  // What a page builds as the reader scrolls is checked too.
  await scrollThrough(page)
  await page.evaluate(() => document.fonts.ready)
}

async function walk(browser: Browser, language: Language, routes: string[], role?: Role) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript((lang) => localStorage.setItem('ahara.language', lang), language)
  const page = await context.newPage()
  if (role) {
    const res = await page.request.post('/api/sessions', {
      headers: fromApp,
      data: { email: ACCOUNTS[role], password: PASSWORD },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  const problems: string[] = []
  const check = async (where: string) => {
    const lang = await page.locator('html').getAttribute('lang')
    if (lang !== language) problems.push(`${where}: <html lang="${lang}">`)
    // The tab's title is the page's, in the reader's language, with the brand in its script.
    const title = await page.title()
    if (!title.includes(common(language).appName)) problems.push(`${where}: tab title "${title}"`)
    const { english, overflow } = await page.evaluate(inspect)
    for (const text of englishIn(english)) problems.push(`${where}: English "${text}"`)
    for (const item of overflow) problems.push(`${where}: overflow ${item}`)
    const axe = await axeOf(page).analyze()
    for (const v of axe.violations) {
      problems.push(`${where}: axe ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
  }
  for (const route of routes) {
    await page.goto(await resolve(page, route))
    await waitUntilSettled(page, language)
    const where = `${language} ${role ?? 'signed out'} ${route}`
    await check(where)
    if (route === '/') {
      // The phone menu: every link of the header in the reader's language, within the screen.
      await page.locator('[aria-controls="mobile-menu"]').click()
      await expect(page.locator('#mobile-menu')).toBeVisible()
      await check(`${where} (menu open)`)
    }
  }
  await context.close()
  if (problems.length) console.log(problems.join('\n'))
  expect(problems).toEqual([])
}

// A walk of 26 routes with an axe check on each: over 180 s with two workers on the slowest host seen
// (docs/decisions/0065-light-on-the-cheapest-phone.md, third addendum).
test.describe.configure({ timeout: 360_000 })

test('the checks see English and overflow when they are there', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  await page.goto('/help')
  await waitUntilSettled(page, 'en')
  const english = englishIn((await page.evaluate(inspect)).english)
  expect(english).toContain('Help Center')
  await page.evaluate(() => {
    const wide = document.createElement('button')
    wide.textContent = 'x'.repeat(200)
    document.querySelector('main')?.append(wide)
  })
  const { overflow } = await page.evaluate(inspect)
  expect(overflow.some((item) => item.startsWith('page scrolls sideways'))).toBe(true)
  expect(overflow.some((item) => item.includes('<button> "xxx'))).toBe(true)
  await context.close()
})

for (const language of LANGUAGES) {
  test.describe(`every route in ${language} at 360 px`, () => {
    test('signed out', async ({ browser }) => {
      await walk(browser, language, SIGNED_OUT_ROUTES)
    })
    for (const role of Object.keys(ACCOUNTS) as Role[]) {
      test(`signed in as ${role}`, async ({ browser }) => {
        await walk(browser, language, SIGNED_IN_ROUTES[role], role)
      })
    }
  })
}
