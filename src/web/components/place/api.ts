import type { DistrictName } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import { api } from '../../lib/api'

/** A town or village of the gazetteer, named in each script it has a name in. */
export type Place = {
  id: string
  names: { en: string; si: string | null; ta: string | null }
  district: DistrictName
  point: Point
}

/** The places whose name in any script starts like `q`, best first (at most ten). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const answer = await api<{ items: Place[] }>(`/api/places?q=${encodeURIComponent(q)}`, { signal })
  return answer.items
}

/** The gazetteer's place nearest to a point: the town and district of the phone's location. */
export function nearestPlace(point: Point, signal?: AbortSignal): Promise<Place> {
  return api<Place>(`/api/places/nearest?lat=${point.lat}&lng=${point.lng}`, { signal })
}
