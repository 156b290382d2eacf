import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { fillSearchKeys } from '../../db/reference-data'
import { listings } from '../../db/schema'
import { listingBody } from '../../test/bodies'
import { categoryIds, insertListing, uploadImage } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({ donor: { role: 'donor' } })

/** [Latin name, the same food in Sinhala or Tamil script]: at least 20 common foods. */
const PAIRS: [string, string][] = [
  ['kiribath', 'කිරිබත්'],
  ['kottu', 'කොත්තු'],
  ['kottu', 'கொத்து'],
  ['hoppers', 'ආප්ප'],
  ['appam', 'ஆப்பம்'],
  ['string hoppers', 'ඉඳිආප්ප'],
  ['idiyappam', 'இடியப்பம்'],
  ['pittu', 'පිට්ටු'],
  ['puttu', 'புட்டு'],
  ['roti', 'රොටී'],
  ['roti', 'ரொட்டி'],
  ['lamprais', 'ලම්ප්‍රයිස්'],
  ['idli', 'இட்லி'],
  ['dosai', 'தோசை'],
  ['vadai', 'වඩේ'],
  ['vadai', 'வடை'],
  ['sambar', 'சாம்பார்'],
  ['biryani', 'බුරියානි'],
  ['biryani', 'பிரியாணி'],
  ['watalappan', 'වටලප්පන්'],
  ['kokis', 'කොකිස්'],
  ['kavum', 'කැවුම්'],
  ['parippu', 'பருப்பு'],
  ['murukku', 'முறுக்கு'],
  ['payasam', 'பாயசம்'],
]

const found = async (q: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings?size=50&q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().items as { title: string }[]).map((item) => item.title)
}

beforeAll(async () => {
  // Each food twice: once named in Latin letters, once in its script.
  for (const [latin, script] of PAIRS) {
    await insertListing(ctx.app, ctx.donor.id, { title: `${script} for four`, description: 'Cooked at home' })
    await insertListing(ctx.app, ctx.donor.id, { title: `Fresh ${latin}`, description: 'Cooked at home' })
  }
})

describe('GET /api/listings?q= in any script', () => {
  it.each(PAIRS)('"%s" finds "%s", and the other way round', async (latin, script) => {
    expect(await found(latin)).toContain(`${script} for four`)
    expect(await found(script)).toContain(`Fresh ${latin}`)
  })

  it('forgives the usual spellings and does not mix foods up', async () => {
    expect(await found('kiribat')).toContain('කිරිබත් for four')
    expect(await found('idly')).toContain('இட்லி for four')
    expect(await found('thosai')).toContain('தோசை for four')
    const kottu = await found('kottu')
    expect(kottu).not.toContain('කිරිබත් for four')
    expect(kottu).not.toContain('Fresh roti')
  })

  it('keeps the substring search as before', async () => {
    expect(await found('resh lampr')).toEqual(['Fresh lamprais'])
  })

  it('gives a new listing its keys, and a start gives them to rows that have none', async () => {
    const image = await uploadImage(ctx.app, ctx.donor)
    const riceCurry = (await categoryIds(ctx.app))['rice-curry']!
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: ctx.donor.cookie },
      payload: listingBody(riceCurry, image, { title: 'පොල් සම්බෝල සමඟ හැලප' }),
    })
    expect(posted.statusCode, posted.body).toBe(201)
    expect(await found('halapa')).toContain('පොල් සම්බෝල සමඟ හැලප')

    const db = ctx.app.services.db
    await db.update(listings).set({ searchKey: null }).where(eq(listings.id, posted.json().id))
    expect(await found('halapa')).toEqual([])
    expect(await fillSearchKeys(db)).toBe(1)
    expect(await found('pol sambol')).toContain('පොල් සම්බෝල සමඟ හැලප')
  })
})
