/**
 * The rules scripts/build-gazetteer.mjs applies to GeoNames' records
 * (docs/decisions/0070-places-are-points.md, "Gazetteer"), apart so that they are tested
 * (src/server/features/places/gazetteer.test.ts).
 */

// The joiners write Sinhala's conjuncts (ත්‍ර).
const SINHALA = /^(?:[\u0D80-\u0DFF -]|\u200C|\u200D)+$/u
const TAMIL = /^(?:[\u0B80-\u0BFF -]|\u200C|\u200D)+$/u
/** Vowel signs and the virama: a name written without them has lost them (GeoNames has both). */
const MARK = /\p{M}/gu
const bare = (text) => text.replace(MARK, '')
/**
 * Words that describe a place rather than name it ("the town of", "fort", "ancient"), compared
 * without their vowel signs since GeoNames also holds them with some signs lost.
 */
const DESCRIPTIONS = new Set(['නගරය', 'බලකොටුව', 'පෞරාණික'].map(bare))

/**
 * The best name in `script` among a GeoNames record's alternate names, or null: only names wholly in
 * that script, none starting with a vowel sign (text typed in a legacy font's order) or holding a
 * describing word, the one keeping most vowel signs first (then the first listed).
 */
export function bestName(alternates, script) {
  const pattern = script === 'si' ? SINHALA : TAMIL
  let best = null
  let bestMarks = -1
  for (const raw of alternates) {
    const name = raw.normalize('NFC').trim()
    if (!pattern.test(name) || /^\p{M}/u.test(name)) continue
    if (name.split(/\s+/).some((word) => DESCRIPTIONS.has(bare(word)))) continue
    const marks = name.match(MARK)?.length ?? 0
    if (marks > bestMarks) {
      best = name
      bestMarks = marks
    }
  }
  return best
}

const toRad = (deg) => (deg * Math.PI) / 180
/** Great-circle distance in km (the formula of src/shared/geo.ts's distanceKm). */
export function km(a, b) {
  const dLat = toRad(b.lat - a.lat)
  const dLng = toRad(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/**
 * The district of a place GeoNames gives no district code: the district of the nearest place that
 * has one, among those of the same province when GeoNames names the province (`admin1`).
 */
export function districtByNearest(place, known) {
  let best = null
  let bestKm = Number.POSITIVE_INFINITY
  for (const other of known) {
    if (place.admin1 && other.admin1 && other.admin1 !== place.admin1) continue
    const d = km(place, other)
    if (d < bestKm) {
      best = other
      bestKm = d
    }
  }
  return best?.district ?? null
}
