/**
 * Search in any script: Sinhala and Tamil are written in Latin letters, then every word becomes a
 * phonetic key that forgives the usual spellings, so "kiribath", "kiribat" and "කිරිබත්" meet, as do
 * "idli", "idly" and "இட்லி". The server stores the keys of a listing's title and description and
 * matches the query's keys against them (docs/decisions/0036-listings-at-national-scale.md, the
 * addendum on search in any script).
 */

// Sinhala (U+0D80–U+0DFF) -------------------------------------------------------------------------

const SINHALA_VOWELS: Record<string, string> = {
  අ: 'a',
  ආ: 'aa',
  ඇ: 'ae',
  ඈ: 'ae',
  ඉ: 'i',
  ඊ: 'ii',
  උ: 'u',
  ඌ: 'uu',
  ඍ: 'ru',
  ඎ: 'ruu',
  එ: 'e',
  ඒ: 'ee',
  ඓ: 'ai',
  ඔ: 'o',
  ඕ: 'oo',
  ඖ: 'au',
}
const SINHALA_CONSONANTS: Record<string, string> = {
  ක: 'k',
  ඛ: 'kh',
  ග: 'g',
  ඝ: 'gh',
  ඞ: 'ng',
  ඟ: 'ng',
  ච: 'ch',
  ඡ: 'chh',
  ජ: 'j',
  ඣ: 'jh',
  ඤ: 'ny',
  ඥ: 'gn',
  ඦ: 'nj',
  ට: 't',
  ඨ: 'th',
  ඩ: 'd',
  ඪ: 'dh',
  ණ: 'n',
  ඬ: 'nd',
  ත: 'th',
  ථ: 'th',
  ද: 'd',
  ධ: 'dh',
  න: 'n',
  ඳ: 'nd',
  ප: 'p',
  ඵ: 'ph',
  බ: 'b',
  භ: 'bh',
  ම: 'm',
  ඹ: 'mb',
  ය: 'y',
  ර: 'r',
  ල: 'l',
  ව: 'v',
  ශ: 'sh',
  ෂ: 'sh',
  ස: 's',
  හ: 'h',
  ළ: 'l',
  ෆ: 'f',
}
const SINHALA_SIGNS: Record<string, string> = {
  'ා': 'aa',
  'ැ': 'ae',
  'ෑ': 'ae',
  'ි': 'i',
  'ී': 'ii',
  'ු': 'u',
  'ූ': 'uu',
  'ෘ': 'ru',
  'ෙ': 'e',
  'ේ': 'ee',
  'ෛ': 'ai',
  'ො': 'o',
  'ෝ': 'oo',
  'ෞ': 'au',
  'ෟ': 'lu',
  'ෲ': 'ruu',
}
const SINHALA_VIRAMA = '්'
const SINHALA_OTHER: Record<string, string> = { 'ං': 'ng', 'ඃ': 'h' }

// Tamil (U+0B80–U+0BFF) ---------------------------------------------------------------------------

const TAMIL_VOWELS: Record<string, string> = {
  அ: 'a',
  ஆ: 'aa',
  இ: 'i',
  ஈ: 'ii',
  உ: 'u',
  ஊ: 'uu',
  எ: 'e',
  ஏ: 'ee',
  ஐ: 'ai',
  ஒ: 'o',
  ஓ: 'oo',
  ஔ: 'au',
}
const TAMIL_CONSONANTS: Record<string, string> = {
  க: 'k',
  ங: 'ng',
  ச: 's',
  ஞ: 'nj',
  ட: 't',
  ண: 'n',
  த: 'th',
  ந: 'n',
  ப: 'p',
  ம: 'm',
  ய: 'y',
  ர: 'r',
  ல: 'l',
  வ: 'v',
  ழ: 'zh',
  ள: 'l',
  ற: 'r',
  ன: 'n',
  ஜ: 'j',
  ஷ: 'sh',
  ஸ: 's',
  ஹ: 'h',
}
const TAMIL_SIGNS: Record<string, string> = {
  'ா': 'aa',
  'ி': 'i',
  'ீ': 'ii',
  'ு': 'u',
  'ூ': 'uu',
  'ெ': 'e',
  'ே': 'ee',
  'ை': 'ai',
  'ொ': 'o',
  'ோ': 'oo',
  'ௌ': 'au',
}
const TAMIL_VIRAMA = '்'
const TAMIL_OTHER: Record<string, string> = { ஃ: 'h' }

type Script = {
  vowels: Record<string, string>
  consonants: Record<string, string>
  signs: Record<string, string>
  virama: string
  other: Record<string, string>
}
const SCRIPTS: Script[] = [
  {
    vowels: SINHALA_VOWELS,
    consonants: SINHALA_CONSONANTS,
    signs: SINHALA_SIGNS,
    virama: SINHALA_VIRAMA,
    other: SINHALA_OTHER,
  },
  {
    vowels: TAMIL_VOWELS,
    consonants: TAMIL_CONSONANTS,
    signs: TAMIL_SIGNS,
    virama: TAMIL_VIRAMA,
    other: TAMIL_OTHER,
  },
]
const ZERO_WIDTH = /[\u200c\u200d]/g

/**
 * Sinhala and Tamil letters in Latin ones (a consonant carries 'a' unless a vowel sign or the
 * virama follows); other text is kept, lower-cased.
 */
export function toLatin(text: string): string {
  const chars = [...text.normalize('NFC').replace(ZERO_WIDTH, '').toLowerCase()]
  let out = ''
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!
    const script = SCRIPTS.find(
      (s) => char in s.consonants || char in s.vowels || char in s.signs || char in s.other,
    )
    if (!script) {
      out += char
      continue
    }
    if (char in script.consonants) {
      const next = chars[i + 1]
      out += script.consonants[char]
      if (next !== undefined && next in script.signs) {
        out += script.signs[next]
        i++
      } else if (next === script.virama) i++
      else out += 'a'
    } else {
      out += script.vowels[char] ?? script.signs[char] ?? script.other[char] ?? ''
    }
  }
  return out
}

// Phonetic keys ------------------------------------------------------------------------------------

/** Names of two words that are one food: joined before keys are made, so each is one key. */
const COMPOUNDS: [RegExp, string][] = [
  [/\bstring\s+hoppers?\b/g, 'stringhoppers'],
  [/\bmilk\s+rice\b/g, 'milkrice'],
]

/** Names of the same food in English, Sinhala and Tamil use (in Latin letters): one key finds all. */
const SAME_FOOD: string[][] = [
  ['hoppers', 'hopper', 'appa', 'aappa', 'appam', 'aappam', 'appe'],
  ['stringhoppers', 'idiyappam', 'idiyappa', 'indiappa', 'indiaappa', 'idiappa'],
  ['milkrice', 'kiribath'],
  ['lamprais', 'lumprais', 'lamprice', 'lumprice'],
  ['curry', 'kari', 'kariya'],
  ['watalappan', 'vattalappam', 'watalappam'],
  ['pittu', 'puttu'],
  ['parata', 'paratha', 'porotta', 'parotta', 'barotta'],
  ['biryani', 'biriyani', 'buriyani', 'buriyaani'],
  ['parippu', 'paruppu', 'parupu', 'dhal', 'dal'],
]

/** Spellings that sound alike, in order: two letters first, then one. */
const SOUNDS: [RegExp, string][] = [
  [/zh/g, 'l'],
  [/(ch|sh|jh)/g, 's'],
  [/([tdkgbp])h/g, '$1'],
  [/ck/g, 'k'],
  [/x/g, 'ks'],
  [/[cq]/g, 'k'],
  [/[zj]/g, 's'],
  [/w/g, 'v'],
  // Tamil script writes t/d, k/g, p/b alike; Latin spellings of one name mix them.
  [/d/g, 't'],
  [/g/g, 'k'],
  [/b/g, 'p'],
  [/h/g, ''],
  [/y/g, 'i'],
]

/**
 * Each run of vowels as the class of its first: 'a' (a, aa, ai, ae), 'i' (i, ii, e, ee) or 'u'
 * (u, uu, o, oo). One class for every vowel made "this" thosai and rice (bath) pittu (issue 39, item 8).
 */
const VOWEL_CLASS: Record<string, string> = { a: 'a', e: 'i', i: 'i', o: 'u', u: 'u' }

/**
 * The phonetic key of one word (Latin letters): like sounds made one letter, doubled letters single,
 * each run of vowels its class and a final one dropped, so kiribath/kiribat, idli/idly,
 * dosai/thosai/dosa meet and "this" does not; foods whose names differ in a vowel are SAME_FOOD.
 */
export function wordKey(word: string): string {
  let key = word
  for (const [pattern, sound] of SOUNDS) key = key.replace(pattern, sound)
  key = key.replace(/([^aeiou])\1+/g, '$1').replace(/[aeiou]+/g, (run) => VOWEL_CLASS[run[0]!]!)
  return key.length > 1 ? key.replace(/[aiu]$/, '') : key
}

const SAME_FOOD_KEYS: string[][] = SAME_FOOD.map((names) => [...new Set(names.map(wordKey))])

/** Every word's key, with the keys of the other names of the same food, each once. */
export function phoneticKeys(text: string): string[] {
  let latin = toLatin(text)
  for (const [pattern, joined] of COMPOUNDS) latin = latin.replace(pattern, joined)
  const keys = new Set<string>()
  for (const word of latin.split(/[^a-z]+/)) {
    if (!word) continue
    const key = wordKey(word)
    keys.add(key)
    for (const group of SAME_FOOD_KEYS) if (group.includes(key)) for (const k of group) keys.add(k)
  }
  return [...keys]
}

/**
 * A listing's stored search key: the keys of its title, description and pickup town, separated by
 * spaces, each matched whole by the full-text search; the town is a secondary search term, found
 * in whichever script it was typed.
 */
export function searchKey(title: string, description: string, city = ''): string {
  return phoneticKeys(`${title} ${description} ${city}`).join(' ')
}

/** The query's keys, one per word (a word of the same food finds the others through the stored key). */
export function queryKeys(query: string): string[] {
  let latin = toLatin(query)
  for (const [pattern, joined] of COMPOUNDS) latin = latin.replace(pattern, joined)
  return [
    ...new Set(
      latin
        .split(/[^a-z]+/)
        .filter(Boolean)
        .map(wordKey),
    ),
  ]
}
