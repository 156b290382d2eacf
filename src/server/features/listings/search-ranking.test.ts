import { beforeAll, describe, expect, it } from 'vitest'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

/** What Find Food lists, as a newcomer's phone would see it: the food of three scripts, and distractors. */
const CORPUS: [title: string, description: string][] = [
  ['தோசை', 'Cooked at home'],
  ['Chicken rice', 'Cooked this morning.'],
  ['Fresh bread', 'Baked this morning.'],
  ['Fruit platter', 'Cut this morning.'],
  ['එළවළු බත්', 'Cooked at home'],
  ['පිට්ටු', 'with coconut'],
  ['Puttu and kadala', 'Cooked at home'],
  ['කිරිබත්', 'Cooked at home'],
  ['Kiribath with lunu miris', 'Cooked at home'],
  ['Kottu roti', 'Cooked at home'],
  ['கொத்து ரொட்டி', 'Cooked at home'],
  ['இட்லி', 'Cooked at home'],
  ['String hoppers', 'Cooked at home'],
  ['ඉඳිආප්ප', 'Cooked at home'],
  ['Vegetable rice', 'Rice with five vegetables'],
  ['Rice and curry', 'Cooked at home'],
  ['வடை', 'Cooked at home'],
  ['Parippu vadai', 'Cooked at home'],
  ['Watalappan', 'Cooked at home'],
  ['Biryani', 'Cooked at home'],
  ['பிரியாணி', 'Cooked at home'],
  ['Roti', 'Cooked at home'],
  ['රොටී', 'Cooked at home'],
  ['பாயசம்', 'Cooked at home'],
  ['Pol sambol', 'Cooked at home'],
  ['சாம்பார் சாதம்', 'Cooked at home'],
]

/**
 * [query, the title a newcomer meant]: same-script exact and prefix first, then the text as typed,
 * then another script or spelling by key (issue 39, item 8). en, si, ta, Singlish, Tamil in Latin.
 */
const MEANT: [query: string, first: string][] = [
  // The issue's own cases.
  ['thosai', 'தோசை'],
  ['dosa', 'தோசை'],
  ['தோசை', 'தோசை'],
  ['dosai', 'தோசை'],
  ['pittu', 'පිට්ටු'],
  // English.
  ['chicken rice', 'Chicken rice'],
  ['chicken', 'Chicken rice'],
  ['bread', 'Fresh bread'],
  ['fresh', 'Fresh bread'],
  ['fruit', 'Fruit platter'],
  ['platter', 'Fruit platter'],
  ['vegetable rice', 'Vegetable rice'],
  ['vegetable', 'Vegetable rice'],
  ['rice and', 'Rice and curry'],
  ['curry', 'Rice and curry'],
  ['roti', 'Roti'],
  ['string hoppers', 'String hoppers'],
  ['pol sambol', 'Pol sambol'],
  ['sambol', 'Pol sambol'],
  ['biryani', 'Biryani'],
  ['watalappan', 'Watalappan'],
  ['coconut', 'පිට්ටු'],
  // Sinhala.
  ['කිරිබත්', 'කිරිබත්'],
  ['කිරි', 'කිරිබත්'],
  ['පිට්ටු', 'පිට්ටු'],
  ['එළවළු බත්', 'එළවළු බත්'],
  ['ඉඳිආප්ප', 'ඉඳිආප්ප'],
  ['ආප්ප', 'ඉඳිආප්ප'],
  ['රොටී', 'රොටී'],
  // Tamil.
  ['இட்லி', 'இட்லி'],
  ['கொத்து', 'கொத்து ரொட்டி'],
  ['ரொட்டி', 'கொத்து ரொட்டி'],
  ['வடை', 'வடை'],
  ['பிரியாணி', 'பிரியாணி'],
  ['பாயசம்', 'பாயசம்'],
  ['சாம்பார்', 'சாம்பார் சாதம்'],
  // Singlish.
  ['kiribath', 'Kiribath with lunu miris'],
  ['kiribat', 'Kiribath with lunu miris'],
  ['lunu miris', 'Kiribath with lunu miris'],
  ['kottu', 'Kottu roti'],
  ['elavalu bath', 'එළවළු බත්'],
  ['puttu', 'Puttu and kadala'],
  ['kadala', 'Puttu and kadala'],
  // Tamil in Latin letters.
  ['idli', 'இட்லி'],
  ['idly', 'இட்லி'],
  ['vadai', 'Parippu vadai'],
  ['wade', 'வடை'],
  ['payasam', 'பாயசம்'],
  ['paayasam', 'பாயசம்'],
  ['sambar', 'சாம்பார் சாதம்'],
  ['saambaar', 'சாம்பார் சாதம்'],
]

const titles = async (q: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings?size=50&q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().items as { title: string }[]).map((item) => item.title)
}

beforeAll(async () => {
  // Posted oldest first in the order above: newest-first alone would put the distractors ahead.
  for (const [title, description] of CORPUS) {
    await insertListing(ctx.app, ctx.donor.id, { title, description })
  }
})

describe('GET /api/listings?q= ranks what people meant first', () => {
  it('has at least 40 pairs', () => expect(MEANT.length).toBeGreaterThanOrEqual(40))

  it.each(MEANT)('"%s" lists "%s" first', async (q, first) => {
    expect((await titles(q))[0]).toBe(first)
  })

  it('does not match unrelated words: "thosai" is not "this", "pittu" is not rice (බත්)', async () => {
    expect(await titles('thosai')).toEqual(['தோசை'])
    expect(await titles('pittu')).not.toContain('එළවළු බත්')
    expect(await titles('pittu')).toEqual(expect.arrayContaining(['පිට්ටු', 'Puttu and kadala']))
  })

  it('keeps an explicit sort: soonest expiry first, whatever matched best', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/listings?size=50&q=roti&sort=expiry' })
    const items = res.json().items as { expiresAt: string }[]
    const times = items.map((item) => Date.parse(item.expiresAt))
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })
})
