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
}

/** At most this many answers to a search. */
export const MAX_PLACE_RESULTS = 10

/** A place's names as the search compares them: lower-cased as typed, and each word's phonetic key. */
type Indexed = { place: Place; names: string[]; keys: string[] }

/** The gazetteer ready to search: each place's names and keys computed once. */
export type PlaceIndex = { entries: Indexed[] }

const lower = (text: string) => text.normalize('NFC').trim().toLowerCase()

/** The phonetic key of a whole name ("Nuwara Eliya" → one key per word, joined by spaces). */
function nameKey(text: string): string {
  return toLatin(text)
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map(wordKey)
    .join(' ')
}

export function indexPlaces(places: readonly Place[]): PlaceIndex {
  return {
    entries: places.map((place) => {
      const names = [place.names.en, place.names.si, place.names.ta].filter((n): n is string => Boolean(n))
      return { place, names: names.map(lower), keys: [...new Set(names.map(nameKey).filter(Boolean))] }
    }),
  }
}

/**
 * How well `entry` matches a query, lower first; null: not at all. The name as typed, then a name
 * starting with it, then the same sound in any script, a sound starting with it, and a name holding it.
 */
function rank(entry: Indexed, typed: string, key: string): number | null {
  if (entry.names.includes(typed)) return 0
  if (entry.names.some((n) => n.startsWith(typed) || n.includes(` ${typed}`))) return 1
  if (key && entry.keys.includes(key)) return 2
  if (key && entry.keys.some((k) => k.startsWith(key) || k.includes(` ${key}`))) return 3
  if (entry.names.some((n) => n.includes(typed))) return 4
  return null
}

/**
 * The best matches of `query`, best first (among equals: capitals, then the most populous, then by
 * name), at most 10.
 */
export function searchPlaces(index: PlaceIndex, query: string): Place[] {
  const typed = lower(query)
  if (!typed) return []
  const key = nameKey(query)
  const found: { entry: Indexed; score: number }[] = []
  for (const entry of index.entries) {
    const score = rank(entry, typed, key)
    if (score !== null) found.push({ entry, score })
  }
  found.sort(
    (a, b) =>
      a.score - b.score ||
      Number(b.entry.place.capital) - Number(a.entry.place.capital) ||
      b.entry.place.population - a.entry.place.population ||
      a.entry.place.names.en.length - b.entry.place.names.en.length ||
      a.entry.place.names.en.localeCompare(b.entry.place.names.en),
  )
  return found.slice(0, MAX_PLACE_RESULTS).map((f) => f.entry.place)
}

/** The place nearest to `point` ("use my location" fills the town and district with it). */
export function nearestPlace(index: PlaceIndex, point: Point): Place {
  let best = index.entries[0]!.place
  let bestKm = Number.POSITIVE_INFINITY
  for (const { place } of index.entries) {
    const km = distanceKm(point, place.point)
    if (km < bestKm) {
      best = place
      bestKm = km
    }
  }
  return best
}
