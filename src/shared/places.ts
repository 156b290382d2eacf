/**
 * Finding a town of the gazetteer by its name in any script (docs/decisions/0070-places-are-points.md):
 * "kandy", "මහනුවර" and "கண்டி" find Kandy; "dehiwala" and "දෙහිවල" meet through the app's
 * transliteration (src/shared/transliteration.ts).
 */
import type { DistrictName } from './districts'
import { distanceKm, type Point } from './geo'
import { toLatin, wordKey } from './transliteration'

export type Place = {
  id: string
  names: { en: string; si: string | null; ta: string | null }
  district: DistrictName
  point: Point
  /** The district's capital: first among equal matches. */
  capital: boolean
  /** People living there as GeoNames counts them (0: not counted): a town before a village among equals. */
  population: number
  /**
   * The point is only estimated (GeoNames' postal codes: often the post office's, shared by the
   * villages it serves): searched, never the answer to "nearest".
   */
  estimated: boolean
}

/** At most this many answers to a search. */
export const MAX_PLACE_RESULTS = 10

/** A place's names as the search compares them: lower-cased as typed, and each word's phonetic key. */
type Indexed = { place: Place; names: string[]; keys: string[] }

/**
 * Every place's names (or keys) in one text, each entry's after a line break, and where each entry's
 * part starts: one `indexOf` over it finds the few entries holding a query, where a scan of nearly
 * two thousand places would test each (docs/decisions/0070-places-are-points.md, addendum on villages).
 */
type Joined = { text: string; starts: number[] }

/** The gazetteer ready to search: each place's names and keys computed once, and joined. */
export type PlaceIndex = { entries: Indexed[]; names: Joined; keys: Joined }

const lower = (text: string) => text.normalize('NFC').trim().toLowerCase()

/**
 * The phonetic key of a whole name ("Nuwara Eliya" → one key per word, joined by spaces); the build
 * also compares names with it (scripts/gazetteer-postal.mjs).
 */
export function nameKey(text: string): string {
  return toLatin(text)
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map(wordKey)
    .join(' ')
}

/**
 * A query's keys: its sound, and where it holds Sinhala's æ (ඇ, ැ, ෑ), the sound with "e" for it,
 * as English spellings of place names write it (කැකිරාව Kekirawa, පැල්මඩුල්ල Pelmadulla); the
 * app's transliteration reads it "ae" (a) for the food names listings' search compares.
 */
function queryKeys(query: string): string[] {
  const latin = toLatin(query)
  const keys = [nameKey(latin)]
  if (latin.includes('ae')) keys.push(nameKey(latin.replaceAll('ae', 'e')))
  return [...new Set(keys)].filter(Boolean)
}

function join(parts: string[][]): Joined {
  const starts: number[] = []
  let text = ''
  for (const part of parts) {
    starts.push(text.length)
    text += `\n${part.join('\n')}`
  }
  return { text, starts }
}

export function indexPlaces(places: readonly Place[]): PlaceIndex {
  const entries = places.map((place) => {
    const names = [place.names.en, place.names.si, place.names.ta].filter((n): n is string => Boolean(n))
    return { place, names: names.map(lower), keys: [...new Set(names.map(nameKey).filter(Boolean))] }
  })
  return { entries, names: join(entries.map((e) => e.names)), keys: join(entries.map((e) => e.keys)) }
}

/** The entries whose part of `joined` holds `needle`, each once, into `found`. */
function holding(joined: Joined, needle: string, found: Set<number>) {
  const { text, starts } = joined
  let at = text.indexOf(needle)
  while (at !== -1) {
    // The entry whose part holds `at`: the last start at or before it.
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (starts[mid]! <= at) low = mid
      else high = mid - 1
    }
    found.add(low)
    const next = starts[low + 1]
    if (next === undefined) break
    at = text.indexOf(needle, next)
  }
}

/**
 * How well `entry` matches a query, lower first; null: not at all. The name as typed, then a name
 * starting with it, then the same sound in any script, a sound starting with it, and a name holding it.
 */
function rank(entry: Indexed, typed: string, keys: string[]): number | null {
  if (entry.names.includes(typed)) return 0
  const word = ` ${typed}`
  if (entry.names.some((n) => n.startsWith(typed) || n.includes(word))) return 1
  if (keys.some((key) => entry.keys.includes(key))) return 2
  for (const key of keys) {
    const keyWord = ` ${key}`
    if (entry.keys.some((k) => k.startsWith(key) || k.includes(keyWord))) return 3
  }
  if (entry.names.some((n) => n.includes(typed))) return 4
  return null
}

type Match = { place: Place; score: number }

/** Among equal matches: capitals, then the most populous, then the shorter name, then by name. */
const before = (a: Match, b: Match) =>
  a.score - b.score ||
  Number(b.place.capital) - Number(a.place.capital) ||
  b.place.population - a.place.population ||
  a.place.names.en.length - b.place.names.en.length ||
  a.place.names.en.localeCompare(b.place.names.en)

/** The candidates ranked, the best 10 kept in order. */
function best(index: PlaceIndex, candidates: Set<number>, typed: string, keys: string[]): Match[] {
  const kept: Match[] = []
  for (const i of candidates) {
    const entry = index.entries[i]!
    const score = rank(entry, typed, keys)
    if (score === null) continue
    const match = { place: entry.place, score }
    if (kept.length === MAX_PLACE_RESULTS && before(match, kept[MAX_PLACE_RESULTS - 1]!) >= 0) continue
    let at = kept.length
    while (at > 0 && before(match, kept[at - 1]!) < 0) at -= 1
    kept.splice(at, 0, match)
    if (kept.length > MAX_PLACE_RESULTS) kept.pop()
  }
  return kept
}

/**
 * The best matches of `query`, best first (among equals: capitals, then the most populous, then by
 * name), at most 10. Only entries whose names or keys hold the query are ranked: first those where a
 * word starts with it (ranks 0 to 3); a name holding it elsewhere (rank 4) only if they are fewer
 * than 10, since it comes after them all ("a" holds in nearly every name).
 */
export function searchPlaces(index: PlaceIndex, query: string): Place[] {
  const typed = lower(query)
  if (!typed) return []
  const keys = queryKeys(query)
  const candidates = new Set<number>()
  for (const start of ['\n', ' ']) {
    holding(index.names, start + typed, candidates)
    for (const key of keys) holding(index.keys, start + key, candidates)
  }
  let found = best(index, candidates, typed, keys)
  if (found.length < MAX_PLACE_RESULTS) {
    holding(index.names, typed, candidates)
    found = best(index, candidates, typed, keys)
  }
  return found.map((m) => m.place)
}

/**
 * The place nearest to `point` ("use my location" fills the town and district with it), among those
 * whose point is known rather than estimated.
 */
export function nearestPlace(index: PlaceIndex, point: Point): Place {
  let best = index.entries[0]!.place
  let bestKm = Number.POSITIVE_INFINITY
  for (const { place } of index.entries) {
    if (place.estimated) continue
    const km = distanceKm(point, place.point)
    if (km < bestKm) {
      best = place
      bestKm = km
    }
  }
  return best
}
