/**
 * The gazetteer of Sri Lanka (docs/decisions/0070-places-are-points.md): towns and villages with their
 * district, point, names and population, built by scripts/build-gazetteer.mjs from GeoNames (CC BY
 * 4.0; the villages from its postal codes, scripts/data/geonames-LK-postal.txt) and searched in
 * memory (src/shared/places.ts).
 */
import type { DistrictName } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import { indexPlaces, nearestPlace, type Place, searchPlaces } from '../../../shared/places'
import type { PlaceAnswer } from '../../../shared/schemas/places'
import gazetteer from './gazetteer.json'

type GazetteerEntry = (typeof gazetteer)[number]

/** Every town of the gazetteer, as the shared search reads them. */
export const PLACES: readonly Place[] = gazetteer.map((entry: GazetteerEntry) => ({
  id: entry.id,
  names: { en: entry.en, si: entry.si, ta: entry.ta },
  district: entry.district as DistrictName,
  point: { lat: entry.lat, lng: entry.lng },
  capital: entry.capital,
  population: entry.population,
  estimated: entry.estimated,
}))

const index = indexPlaces(PLACES)

const answer = ({ capital, population, estimated, ...place }: Place): PlaceAnswer => place

/** The towns matching `q` in any script, best first, at most 10. */
export function findPlaces(q: string): PlaceAnswer[] {
  return searchPlaces(index, q).map(answer)
}

/** The town nearest to `point`. */
export function findNearestPlace(point: Point): PlaceAnswer {
  return answer(nearestPlace(index, point))
}
