import { eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  categories,
  claims,
  mailOutbox,
  organisations,
  standingOffers,
  standingReservations,
  standingTakers,
  users,
} from '../../db/schema'
import { childrensHome, standingOfferBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  bakery: { role: 'donor', name: 'Perera Bakery', donorType: 'bakery' },
  home: { role: 'recipient', name: 'Kamala Silva', organisation: childrensHome },
  person: { role: 'recipient', name: 'Saman Person' },
  volunteer: { role: 'volunteer' },
})

// October 2026 in Sri Lanka: collected orders count in the month they were collected.
const october = new Date('2026-10-15T10:00:00+05:30')

beforeAll(async () => {
  const db = ctx.app.services.db
  await db.update(organisations).set({ isVerified: true }).where(eq(organisations.userId, ctx.home.id))
  const [bakery] = await db.select().from(categories).where(eq(categories.slug, 'bakery'))
  const loaves = await insertListing(ctx.app, ctx.bakery.id, {
    title: 'Bread loaves',
    quantity: 0,
    initialQuantity: 60,
    categoryId: bakery!.id,
    status: 'completed',
  })
  const collected = (claimantId: string, quantity: number, completedAt: Date, extra = {}) => ({
    listingId: loaves.id,
    claimantId,
    quantity,
    pickupAt: completedAt,
    status: 'completed',
    completedAt,
    ...extra,
  })
  const [homeOrder] = await db
    .insert(claims)
    .values([
      collected(ctx.home.id, 40, october, { handoverVerified: true, weightKg: 18.5 }),
      collected(ctx.person.id, 5, october, { handoverVerified: false }),
      // November: not October's.
      collected(ctx.person.id, 7, new Date('2026-11-02T10:00:00+05:30')),
    ])
    .returning({ id: claims.id })
  // The home's 40 came through its standing arrangement with the bakery: 40 of October's 45 servings.
  const [offer] = await db
    .insert(standingOffers)
    .values({
      ...standingOfferBody(null, {
        description: 'Unsold bread',
        quantity: 50,
        days: ['thu'],
        startsOn: '2026-10-01',
      }),
      donorId: ctx.bakery.id,
    })
    .returning({ id: standingOffers.id })
  const [taker] = await db
    .insert(standingTakers)
    .values({ offerId: offer!.id, userId: ctx.home.id, quantity: 40 })
    .returning({ id: standingTakers.id })
  await db
    .insert(standingReservations)
    .values({ takerId: taker!.id, date: '2026-10-15', orderKind: 'claim', orderId: homeOrder!.id })
})

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise
  expect(pdf.numPages).toBe(1)
  const content = await (await pdf.getPage(1)).getTextContent()
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join('')
    .normalize('NFD')
    .replace(/\s+/g, '')
}

/**
 * The text as a PDF's glyphs hold it, without spaces (extraction guesses them from the gaps between
 * glyphs): a shaped pre-base vowel sign (Sinhala ෙ ේ ෛ, Tamil ெ ே ை)
 * stands before the consonant it follows in the text, and extraction reads it there.
 */
function inGlyphOrder(text: string): string {
  const chars = [...text.normalize('NFD')]
  for (let i = 1; i < chars.length; i++) {
    if (/[\u0dd9-\u0ddb\u0bc6-\u0bc8]/u.test(chars[i]!)) [chars[i - 1], chars[i]] = [chars[i]!, chars[i - 1]!]
  }
  return chars.join('').replace(/\s+/g, '')
}

async function setLanguage(user: TestUser, language: string) {
  await ctx.app.services.db.update(users).set({ language }).where(eq(users.id, user.id))
}

describe('the monthly impact report', () => {
  it("gives the donor a one-page PDF of October's figures, naming the organisation but never a person", async () => {
    const res = await get('/api/me/reports/2026-10.pdf', ctx.bakery)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="ahara-report-2026-10.pdf"')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(res.rawPayload)
    for (const expected of [
      'Monthly impact report',
      'Perera Bakery · October 2026',
      'Servings given and collected 45',
      'Handovers confirmed with a pickup code 1',
      'Food weighed at the handovers 18.5 kg',
      // The Safety page's formulas: 0.5 kg of CO2 and 2.1 litres of water a serving.
      'CO2 emissions avoided 22.5 kg',
      'Water saved 94.5 litres',
      'Collected through regular arrangements 89%',
      'Bakery Items: 45 servings',
      'Sarana Children’s Home',
    ]) {
      expect(text).toContain(inGlyphOrder(expected))
    }
    expect(text).not.toContain('SamanPerson')
    expect(text).not.toContain('KamalaSilva')
  })

  it('is written in Sinhala with its script embedded and extractable', async () => {
    await setLanguage(ctx.bakery, 'si')
    const text = await pdfText((await get('/api/me/reports/2026-10.pdf', ctx.bakery)).rawPayload)
    await setLanguage(ctx.bakery, 'en')
    for (const expected of [
      'මාසික බලපෑම් වාර්තාව',
      'Perera Bakery · ඔක්තෝබර් 2026',
      'දුන් සහ ලබාගත් කොටස් 45',
      'ඉතිරි කළ ජලය ලීටර් 94.5',
      'ඔබගේ ආහාර ලැබුණු ආයතන',
    ]) {
      expect(text).toContain(inGlyphOrder(expected))
    }
  })

  it("is written in Tamil for the children's home, with what it received", async () => {
    await setLanguage(ctx.home, 'ta')
    const res = await get('/api/me/reports/2026-10.pdf', ctx.home)
    expect(res.statusCode).toBe(200)
    const text = await pdfText(res.rawPayload)
    for (const expected of [
      'மாதாந்தத் தாக்க அறிக்கை',
      'Sarana Children’s Home · சிறுவர் இல்லம் · ஒக்டோபர் 2026',
      'பெற்ற பங்குகள் 40',
      'தவிர்க்கப்பட்ட CO2 உமிழ்வு 20 கி.கி.',
      // All of the home's October came through its arrangement.
      'வழக்கமான ஏற்பாடுகள் மூலம் பெறப்பட்டது 100%',
    ]) {
      expect(text).toContain(inGlyphOrder(expected))
    }
    expect(text).not.toContain('KamalaSilva')
  })

  it('is for donors and verified organisations only; a bad or future month is a 400', async () => {
    expect((await get('/api/me/reports/2026-10.pdf')).statusCode).toBe(401)
    for (const user of [ctx.person, ctx.volunteer]) {
      const refused = await get('/api/me/reports/2026-10.pdf', user)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.key).toBe('errors.forbidden')
    }
    for (const file of ['2026-13.pdf', '2026-10.txt', '26-10.pdf']) {
      expect((await get(`/api/me/reports/${file}`, ctx.bakery)).statusCode).toBe(400)
    }
    const future = await get('/api/me/reports/2099-01.pdf', ctx.bakery)
    expect(future.statusCode).toBe(400)
    expect(future.json().error.key).toBe('dashboards.errors.reportFutureMonth')
  })

  it('is mailed on the 1st to those who asked, once per month', async () => {
    const optIn = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: ctx.bakery.cookie },
      payload: { monthlyReportEmail: true },
    })
    expect(optIn.json().monthlyReportEmail).toBe(true)
    const first = new Date('2026-11-01T07:00:00+05:30')
    expect(await ctx.app.services.monthlyReports.runNow(first)).toBe(1)
    await ctx.app.services.monthlyReports.runNow(first)
    const mails = await eventuallyMails(ctx.bakery.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ subject: 'Your Ahara impact report for October 2026' })
    expect(mails[0]!.text).toContain(
      '45 servings collected, 22.5 kg of CO2 emissions avoided and 94.5 litres of water saved',
    )
    expect(mails[0]!.text).toContain('http://localhost:3000/api/me/reports/2026-10.pdf')
    // The PDF itself goes with it, in the donor's language.
    expect(mails[0]!.attachment).toMatchObject({
      filename: 'ahara-report-2026-10.pdf',
      contentType: 'application/pdf',
    })
    const attached = await pdfText(Buffer.from(mails[0]!.attachment!.base64, 'base64'))
    expect(attached).toContain(inGlyphOrder('Perera Bakery · October 2026'))
  })
})

async function eventuallyMails(to: string) {
  const db = ctx.app.services.db
  for (let i = 0; i < 100; i++) {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
    const reports = rows.filter((row) => row.subject.includes('impact report'))
    if (reports.length > 0) {
      // A moment more: a second mail would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 300))
      return (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((row) =>
        row.subject.includes('impact report'),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no report mail')
}
