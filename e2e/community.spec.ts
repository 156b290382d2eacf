import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { newAccount } from './fixtures/accounts'
import { axeOf } from './fixtures/axe'
import { chooseLanguage, LANGUAGES, translator } from './fixtures/languages'
import { fromApp } from './fixtures/origin'
import { scrollThrough } from './fixtures/scroll'

const PASSWORD = 'ahara-demo-2026'

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/sessions', {
    headers: fromApp,
    data: { email, password: PASSWORD },
  })
  expect(res.ok()).toBe(true)
}

/** A datetime-local value some days ahead, in Sri Lanka time (UTC+05:30). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 16)
}

// The community journey in each language, chosen with the header's switcher: a new account each
// time, so that the like it adds is its own.
for (const language of LANGUAGES) {
  const t = translator(language)
  test(`in ${language}: a user shares and edits a story and likes another`, async ({ browser }) => {
    const { page, context } = await newAccount(browser, 'recipient', `Story Teller ${language}`)
    const story = `Rice for the whole lane ${language} ${Date.now()}`
    await page.goto('/community')
    await chooseLanguage(page, language)
    await expect(
      page.getByRole('heading', { level: 1, name: t('common.pages.community.title') }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: t('stories.heading') })).toBeVisible()

    await page.getByRole('button', { name: t('stories.share') }).click()
    const dialog = page.getByRole('dialog', { name: t('stories.form.createTitle') })
    await dialog.getByRole('button', { name: t('stories.form.submit') }).click()
    await expect(dialog.getByText(t('stories.errors.titleRequired'))).toBeVisible()
    await dialog.getByLabel(t('stories.form.title')).fill(story)
    await dialog.getByLabel(t('stories.form.category')).selectOption('community')
    await dialog
      .getByLabel(t('stories.form.body'))
      .fill('A hotel’s buffet surplus fed twelve families on our lane last night.')
    await dialog.getByRole('button', { name: t('stories.form.submit') }).click()
    await expect(dialog).toBeHidden()

    const mine = page.getByRole('article').filter({ hasText: story })
    await expect(mine).toBeVisible()
    await mine.getByRole('button', { name: t('stories.edit') }).click()
    const edit = page.getByRole('dialog', { name: t('stories.form.editTitle') })
    await expect(edit.getByLabel(t('stories.form.title'))).toHaveValue(story)
    await edit.getByLabel(t('stories.form.title')).fill(`${story} and curry`)
    await edit.getByRole('button', { name: t('stories.form.save') }).click()
    await expect(edit).toBeHidden()
    await expect(page.getByRole('heading', { name: `${story} and curry` })).toBeVisible()

    // Someone else's story has no edit action; its like is persisted and counted once.
    const other = page.getByRole('article').filter({ hasText: 'How our restaurant cut waste by half' })
    await expect(other.getByRole('button', { name: t('stories.edit') })).toHaveCount(0)
    const likeName = (count: number) => t('stories.likeLabel', { formatted: String(count) })
    // The like button, whatever its count: the one that is pressed or not.
    const like = other.locator('button[aria-pressed]')
    await expect(like).toHaveAttribute('aria-pressed', 'false')
    const before = Number((await like.getAttribute('aria-label'))?.match(/\d+/)?.[0])
    await like.click()
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    await expect(like).toHaveAccessibleName(likeName(before + 1))
    await page.reload()
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    await expect(like).toHaveAccessibleName(likeName(before + 1))

    // The category filter narrows the grid.
    await page.getByRole('button', { name: t('stories.categories.impact'), exact: true }).click()
    await expect(page.getByRole('heading', { name: 'How our restaurant cut waste by half' })).toBeVisible()
    await expect(page.getByRole('heading', { name: `${story} and curry` })).toBeHidden()
    await context.close()
  })
}

test('an organizer creates an event; a second user joins and leaves it; the organizer sees the attendee', async ({
  page,
  browser,
}) => {
  await signIn(page, 'kasun@demo.ahara.lk')
  await page.goto('/community?tab=events')
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible()
  await page.getByRole('button', { name: 'Create Event' }).click()
  const form = page.getByRole('dialog', { name: 'Create Event' })
  await form.getByLabel('Title').fill('Dansala at Borella junction')
  await form.getByLabel('Description').fill('Serving rescued rice and curry to everyone who passes by.')
  await form.getByLabel('Date and time').fill(daysAhead(3))
  await form.getByLabel('Address').fill('Borella junction')
  await form.getByLabel('City').fill('Colombo')
  await form.getByLabel('District (optional)').selectOption('Colombo')
  await form.getByLabel('Maximum attendees (optional)').fill('10')
  await form.getByRole('button', { name: 'Create Event' }).click()
  await expect(form).toBeHidden()

  const card = page.getByRole('article').filter({ hasText: 'Dansala at Borella junction' })
  await expect(card.getByText('You organized this event')).toBeVisible()
  await expect(card.getByText('0 attending (max 10)')).toBeVisible()
  await expect(card.getByText('Borella junction, Colombo')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Join Event' })).toHaveCount(0)
  // en-US long date in English.
  await expect(
    card.getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}/),
  ).toBeVisible()

  const guestContext: BrowserContext = await browser.newContext()
  const guest = await guestContext.newPage()
  try {
    await signIn(guest, 'saman@demo.ahara.lk')
    await guest.goto('/community?tab=events')
    const guestCard = guest.getByRole('article').filter({ hasText: 'Dansala at Borella junction' })
    await guestCard.getByRole('button', { name: 'Join Event' }).click()
    await expect(guestCard.getByRole('button', { name: 'Leave Event' })).toBeVisible()
    await expect(guestCard.getByText('1 attending (max 10)')).toBeVisible()

    // The organizer sees the attendee (name, e-mail, role).
    await page.reload()
    await card.getByRole('button', { name: 'Attendees' }).click()
    const attendees = page.getByRole('dialog', { name: 'Attendees' })
    const row = attendees.getByRole('row').filter({ hasText: 'Saman Kumara' })
    await expect(row).toContainText('saman@demo.ahara.lk')
    await expect(row).toContainText('Food Recipient')
    await attendees.getByRole('button', { name: 'Close' }).click()

    // The organizer's view of the event through the API.
    const events = await (await page.request.get('/api/events?size=50')).json()
    const event = events.items.find((e: { title: string }) => e.title === 'Dansala at Borella junction')
    expect(event).toMatchObject({ attendeeCount: 1, isOrganizer: true, maxAttendees: 10 })
    const list = await (await page.request.get(`/api/events/${event.id}/attendees`)).json()
    expect(list.items.map((a: { email: string }) => a.email)).toEqual(['saman@demo.ahara.lk'])
    // The notification is there if a notifications endpoint exists yet (it comes with the bell).
    const notifications = await page.request.get('/api/notifications')
    if (notifications.ok()) {
      const body = await notifications.json()
      const items = (body.items ?? body) as { type: string; title: string }[]
      expect(items.some((n) => n.type === 'event_joined' && n.title === 'New Event Attendee!')).toBe(true)
    }

    await guestCard.getByRole('button', { name: 'Leave Event' }).click()
    await expect(guestCard.getByRole('button', { name: 'Join Event' })).toBeVisible()
    await expect(guestCard.getByText('0 attending (max 10)')).toBeVisible()
    const after = await (await page.request.get(`/api/events/${event.id}`)).json()
    expect(after.attendeeCount).toBe(0)
  } finally {
    await guestContext.close()
  }
})

test('signed-out visitors are asked to sign in to join, and Create Event leads to sign-in', async ({
  page,
}) => {
  await page.goto('/community?tab=events')
  const card = page.getByRole('article').filter({ hasText: 'Beach clean-up and community lunch' })
  await card.getByRole('button', { name: 'Join Event' }).click()
  await expect(card.getByRole('alert')).toHaveText('Please sign in to join events.')
  await expect(page.getByRole('button', { name: 'Share Your Story' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Create Event' }).click()
  await expect(page).toHaveURL('/auth?next=%2Fcommunity%3Ftab%3Devents')
})

test('the volunteers and leaderboard tabs show real figures; the period changes the ranking', async ({
  page,
}) => {
  await page.goto('/community?tab=volunteers')
  await expect(page.getByRole('heading', { name: 'Our Amazing Volunteers' })).toBeVisible()
  const kasun = page.getByRole('article').filter({ hasText: 'Kasun Jayasinghe' })
  await expect(kasun.getByText('1.5h')).toBeVisible()
  await expect(kasun.getByTitle('Took on a first delivery.')).toContainText('First Delivery')
  await expect(page.getByRole('link', { name: 'Become a Volunteer' })).toHaveAttribute('href', '/volunteer')

  await page.getByRole('tab', { name: 'Leaderboard' }).click()
  await expect(page).toHaveURL(/tab=leaderboard/)
  await expect(page.getByRole('heading', { name: 'Top Contributors' })).toBeVisible()
  const first = page.getByRole('listitem').filter({ hasText: 'Rank' }).first()
  await expect(first).toBeVisible()
  const monthly = await first.textContent()
  await page.getByRole('button', { name: 'All Time' }).click()
  await expect(page.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true')
  await expect(first).not.toHaveText(monthly ?? '')
})

test('the impact page renders its figures and the growth chart with data', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    // Desktop Linux Chromium has no share sheet: exercise the copy-link fallback.
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
  })
  await page.goto('/impact')
  await expect(page.getByRole('heading', { level: 1, name: 'Our Collective Impact' })).toBeVisible()
  await expect(page.getByText('Total Meals Shared')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Environmental Impact' })).toBeVisible()
  // The sections after the first two screens are built as the reader scrolls to them.
  await scrollThrough(page)
  await expect(page.getByRole('heading', { name: 'Social Impact' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Growth Over Time' })).toBeVisible()
  const chart = page.getByTestId('growth-chart')
  await expect(chart.locator('path[data-series]')).toHaveCount(2)
  await expect(chart.locator('path[data-series="meals"]')).toHaveAttribute('d', /L/)
  await expect(chart.getByText('Meals shared')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Volunteer Network' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Start Donating' })).toHaveAttribute('href', '/auth')
  await expect(page.getByRole('link', { name: 'Become a Volunteer' })).toHaveAttribute('href', '/auth')
  await page.getByRole('button', { name: 'Share Our Impact' }).click()
  await expect(page.getByText('Link copied. Paste it anywhere to share.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/impact$/)
})

test('every community tab and the event form have no accessibility violations, and Sinhala is complete', async ({
  page,
}) => {
  await signIn(page, 'kasun@demo.ahara.lk')
  for (const tab of ['stories', 'volunteers', 'leaderboard', 'events']) {
    await page.goto(`/community?tab=${tab}`)
    await expect(page.getByRole('tabpanel')).toBeVisible()
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0)
    const results = await axeOf(page).analyze()
    expect(results.violations.map((v) => `${tab}: ${v.id}`)).toEqual([])
  }
  await page.getByRole('button', { name: 'Create Event' }).click()
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible()
  const dialog = await axeOf(page).include('[role=dialog]').analyze()
  expect(dialog.violations.map((v) => v.id)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('banner').getByLabel('Language').selectOption('si')
  await expect(page.getByRole('heading', { name: 'ඉදිරි වැඩසටහන්' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'වැඩසටහනක් සාදන්න' })).toBeVisible()
  await expect(page.getByText('Upcoming Events')).toHaveCount(0)
})

test('a full event shows Full and a disabled Join button', async ({ browser }) => {
  const organizer = await browser.newContext()
  const organizerPage = await organizer.newPage()
  await signIn(organizerPage, 'kasun@demo.ahara.lk')
  const created = await organizerPage.request.post('/api/events', {
    headers: fromApp,
    data: {
      title: 'Small cooking class',
      description: 'One place only.',
      startsAt: daysAhead(6),
      address: 'Temple Road',
      city: 'Colombo',
      district: 'Colombo',
      maxAttendees: 1,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = await created.json()
  const guest = await browser.newContext()
  const guestPage = await guest.newPage()
  await signIn(guestPage, 'saman@demo.ahara.lk')
  expect((await guestPage.request.post(`/api/events/${id}/attendance`, { headers: fromApp })).ok()).toBe(true)

  const late = await browser.newContext()
  const latePage = await late.newPage()
  await signIn(latePage, 'fathima@demo.ahara.lk')
  await latePage.goto('/community?tab=events')
  const card = latePage.getByRole('article').filter({ hasText: 'Small cooking class' })
  await expect(card.getByText('Full', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Join Event' })).toBeDisabled()
  // The attendee may still leave.
  await guestPage.goto('/community?tab=events')
  const own = guestPage.getByRole('article').filter({ hasText: 'Small cooking class' })
  await expect(own.getByRole('button', { name: 'Leave Event' })).toBeEnabled()
  await Promise.all([organizer.close(), guest.close(), late.close()])
})
