import { describe, expect, it } from 'vitest'
import { phoneticKeys, queryKeys, searchKey, toLatin, wordKey } from './transliteration'

/** A query finds a text when each of its keys is one of the text's keys, as the SQL match does. */
const finds = (query: string, text: string) => {
  const stored = searchKey(text, '').split(' ')
  return queryKeys(query).every((key) => stored.includes(key))
}

describe('toLatin', () => {
  it('writes Sinhala and Tamil in Latin letters, with the inherent vowel and the virama', () => {
    expect(toLatin('කිරිබත්')).toBe('kiribath')
    expect(toLatin('කොත්තු')).toBe('koththu')
    expect(toLatin('இட்லி')).toBe('itli')
    expect(toLatin('தோசை')).toBe('thoosai')
    expect(toLatin('ලම්ප්‍රයිස්')).toBe('lamprayis')
    expect(toLatin('Rice & කරි')).toBe('rice & kari')
  })
})

describe('wordKey', () => {
  it('forgives the usual spellings', () => {
    expect(wordKey('kiribath')).toBe(wordKey('kiribat'))
    expect(wordKey('idli')).toBe(wordKey('idly'))
    // One food in two vowels: the same food's keys (SAME_FOOD), not one key.
    expect(phoneticKeys('pittu')).toContain(wordKey('puttu'))
    expect(wordKey('dosai')).toBe(wordKey('thosai'))
    expect(wordKey('kottu')).toBe(wordKey('koththu'))
    expect(wordKey('vadai')).toBe(wordKey('wade'))
  })

  it('keeps apart words that differ in their vowels (issue 39, item 8)', () => {
    expect(wordKey('thosai')).not.toBe(wordKey('this'))
    expect(phoneticKeys('pittu')).not.toContain(wordKey(toLatin('බත්')))
    expect(phoneticKeys('එළවළු බත්')).not.toContain(wordKey('pittu'))
  })
})

/** [Latin, Sinhala, Tamil] names of common foods; null where that script rarely writes it. */
const FOODS: [string, string | null, string | null][] = [
  ['kiribath', 'කිරිබත්', null],
  ['kottu', 'කොත්තු', 'கொத்து'],
  ['hoppers', 'ආප්ප', 'ஆப்பம்'],
  ['appa', 'ආප්ප', 'ஆப்பம்'],
  ['string hoppers', 'ඉඳිආප්ප', 'இடியப்பம்'],
  ['idiyappam', 'ඉඳිආප්ප', 'இடியப்பம்'],
  ['pittu', 'පිට්ටු', 'புட்டு'],
  ['roti', 'රොටී', 'ரொட்டி'],
  ['lamprais', 'ලම්ප්‍රයිස්', null],
  ['idli', 'ඉඩ්ලි', 'இட்லி'],
  ['dosai', 'දෝසෙ', 'தோசை'],
  ['vadai', 'වඩේ', 'வடை'],
  ['sambar', 'සාම්බාර්', 'சாம்பார்'],
  ['biryani', 'බුරියානි', 'பிரியாணி'],
  ['watalappan', 'වටලප්පන්', 'வட்டலப்பம்'],
  ['kokis', 'කොකිස්', null],
  ['kavum', 'කැවුම්', null],
  ['aluwa', 'අලුවා', null],
  ['pol sambol', 'පොල් සම්බෝල', null],
  ['parippu', 'පරිප්පු', 'பருப்பு'],
  ['murukku', null, 'முறுக்கு'],
  ['payasam', null, 'பாயசம்'],
  ['kesari', null, 'கேசரி'],
  ['pongal', null, 'பொங்கல்'],
  ['parata', 'පරාටා', 'பரோட்டா'],
  ['halapa', 'හැලප', null],
  ['curry', 'කරි', 'கறி'],
]

describe('search pairs in both directions', () => {
  for (const [latin, sinhala, tamil] of FOODS) {
    for (const script of [sinhala, tamil]) {
      if (!script) continue
      it(`"${latin}" finds "${script}" and "${script}" finds "${latin}"`, () => {
        expect(finds(latin, `Fresh ${script} for four`)).toBe(true)
        expect(finds(script, `Fresh ${latin} for four`)).toBe(true)
      })
    }
  }

  it('does not find a different food', () => {
    expect(finds('kottu', 'කිරිබත්')).toBe(false)
    expect(finds('idli', 'தோசை')).toBe(false)
    expect(finds('curry', 'carrot cake')).toBe(false)
    // f is kept apart from p: "bread" does not find "fruit" (both would be "prat").
    expect(finds('bread', 'fruit platter')).toBe(false)
  })

  it('matches the other names of the same food', () => {
    expect(phoneticKeys('string hoppers')).toEqual(expect.arrayContaining([wordKey('idiyappam')]))
    expect(finds('hoppers', 'Egg appa')).toBe(true)
  })
})
