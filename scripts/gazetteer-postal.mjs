/**
 * GeoNames' postal codes of Sri Lanka (scripts/data/geonames-LK-postal.txt, CC BY 4.0) as villages of
 * the gazetteer (docs/decisions/0070-places-are-points.md, addendum on villages): the rules
 * scripts/build-gazetteer.mjs applies to them, apart so that they are tested
 * (src/server/features/places/gazetteer.test.ts).
 */
import { nameKey } from '../src/shared/places.ts'
import { km } from './gazetteer-names.mjs'

// GeoNames spells some districts differently.
const DISTRICT_SPELLINGS = { Moneragala: 'Monaragala' }
/** Within this distance, a name whose words are all another's is the same place ("Ella", "Ella Town"). */
export const SAME_PLACE_KM = 3

/**
 * A postal place's name as the gazetteer shows it: a word's first letter "l" read for "I" by the
 * source's OCR ("lhala Halmillewa", "Slave lsland"; every other word starts with a capital), and
 * without a province's tag ("Walpola (WP)", "Beligala(Sab)") or a postal prefix ("RU/Ridiyagama"),
 * since the district is shown beside the name.
 */
export function fixName(raw) {
  return raw
    .replace(/(^|\s)l(?=[a-z])/g, '$1I')
    .replace(/\s*\((?:WP|Sab)\)$/i, '')
    .replace(/^[A-Z]{2}\//, '')
    .trim()
}

/**
 * The rows of GeoNames' postal file as places: name, the app's district (`districtNames`, the 25),
 * point and whether the point is only estimated (accuracy other than 4, a GeoNames feature's point).
 * A row without a district is skipped; a district the app does not know is an error.
 */
export function parsePostal(text, districtNames) {
  const places = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    // Columns: 2 name, 5 district, 9 latitude, 10 longitude, 11 accuracy.
    const c = line.split('\t')
    if (!c[5]) continue
    const district = DISTRICT_SPELLINGS[c[5]] ?? c[5]
    if (!districtNames.includes(district)) throw new Error(`unknown district ${c[5]} (${c[2]})`)
    places.push({
      en: fixName(c[2]),
      district,
      lat: Number(c[9]),
      lng: Number(c[10]),
      estimated: c[11] !== '4',
    })
  }
  return places
}

const wordsOf = new Map()
/** A name's words as phonetic keys, without what it holds in brackets ("Devinuwara (Dondra)"). */
function words(name) {
  let found = wordsOf.get(name)
  if (!found) {
    found = nameKey(name.replace(/\(.*?\)/g, ' '))
      .split(' ')
      .filter(Boolean)
    wordsOf.set(name, found)
  }
  return found
}

/** A name's letters, lower-cased, without what it holds in brackets ("Ja-Ela" and "Ja Ela" alike). */
const letters = (name) =>
  name
    .replace(/\(.*?\)/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/**
 * Whether the postal place `candidate` is the town `town` under another entry: the same name in the
 * same district ("Bogahakumbura", 30 km apart), or, within SAME_PLACE_KM, a name whose words all
 * sound as the town's ("Tangalla" of "Tangalle", "Dehiwala" of "Dehiwala-Mount Lavinia",
 * "Katunayake(FTZ)" of "Katunayaka"). The sound alone is not enough further away: it makes Panaliya
 * Pannala, Yakkala Ekala and Baduluoya Badulla.
 */
export function isSamePlace(candidate, town) {
  const a = words(candidate.en)
  const b = words(town.en)
  if (candidate.district === town.district && letters(candidate.en) === letters(town.en)) return true
  return a.length > 0 && a.every((w) => b.includes(w)) && km(candidate, town) <= SAME_PLACE_KM
}

/**
 * The postal places that are none of `towns` (isSamePlace). Each postal place has its own post
 * office, so two of them are one place only under the same name in the same district.
 */
export function newPlaces(towns, postal) {
  const added = []
  const seen = new Set()
  for (const candidate of postal) {
    const id = `${letters(candidate.en)} ${candidate.district}`
    if (seen.has(id) || towns.some((town) => isSamePlace(candidate, town))) continue
    seen.add(id)
    added.push(candidate)
  }
  return added
}
