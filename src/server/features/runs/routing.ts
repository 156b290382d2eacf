/**
 * Road km of a run's legs from an OSRM-compatible routing service (ROUTING_URL), else the straight
 * line × the road factor (docs/decisions/0071-volunteer-runs.md). The service is asked once, for the
 * order already chosen; a slow or failing one never holds a volunteer up: its answer is dropped.
 */
import type { Point } from '../../../shared/geo'
import { roadKm } from '../../../shared/run-order'

/** A routing service slower than this is not waited for. */
export const ROUTING_TIMEOUT_MS = 2_000

type OsrmRoute = { code?: string; routes?: { legs?: { distance?: number }[] }[] }

/** The km of each leg along `points` (the first is where the run starts). */
export async function legsKm(points: readonly Point[], routingUrl: string | undefined): Promise<number[]> {
  const straight = points.slice(1).map((p, i) => roadKm(points[i]!, p))
  if (!routingUrl || points.length < 2) return straight
  const coordinates = points.map((p) => `${p.lng},${p.lat}`).join(';')
  try {
    const response = await fetch(`${routingUrl}/route/v1/driving/${coordinates}?overview=false`, {
      signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS),
    })
    if (!response.ok) return straight
    const body = (await response.json()) as OsrmRoute
    const legs = body.routes?.[0]?.legs
    if (body.code !== 'Ok' || !legs || legs.length !== straight.length) return straight
    if (!legs.every((leg) => typeof leg.distance === 'number' && leg.distance >= 0)) return straight
    return legs.map((leg) => leg.distance! / 1000)
  } catch {
    return straight
  }
}

/** Each stop's leg: from the start (none: the first pickup, 0 km) or the stop before. */
export async function legsAlong(start: Point | null, points: Point[], routingUrl: string | undefined) {
  return start ? legsKm([start, ...points], routingUrl) : [0, ...(await legsKm(points, routingUrl))]
}
