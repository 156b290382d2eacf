/**
 * A volunteer run's order of stops (docs/decisions/0071-volunteer-runs.md): each delivery is a pickup
 * and a drop-off, every pickup before its drop-off, and among the valid orders a short one. Exact up
 * to EXACT_STOPS stops (dynamic programming over the subsets of stops visited), insertion and local
 * moves beyond. Pure: the server and the web both use it; distances come in as a function.
 */
import { distanceKm, type Point, ROAD_FACTOR } from './geo'

export const STOP_KINDS = ['pickup', 'dropoff'] as const
export type StopKind = (typeof STOP_KINDS)[number]
/** A stop of a run, by its delivery and which end it is. */
export type StopRef = { deliveryId: string; kind: StopKind }
/** A delivery as the ordering reads it: its two ends. */
export type RunDelivery = { id: string; pickup: Point; dropoff: Point }

/** A run carries at most this many deliveries (8 stops: the exact search's limit). */
export const MAX_RUN_DELIVERIES = 4
/** Up to this many stops the order is the shortest; beyond, a heuristic one. */
export const EXACT_STOPS = 8

/** Kilometres by road estimated from the straight line (docs/decisions/0070-places-are-points.md). */
export function roadKm(a: Point, b: Point): number {
  return distanceKm(a, b) * ROAD_FACTOR
}

/**
 * Stops are numbered 2k (pickup of delivery k) and 2k + 1 (its drop-off). `fromStart[i]`: km from
 * the start to stop i; `between[i][j]`: km from stop i to stop j.
 */
export type StopDistances = { fromStart: number[]; between: number[][] }

export function stopDistances(
  start: Point | null,
  deliveries: readonly RunDelivery[],
  km: (a: Point, b: Point) => number = roadKm,
): StopDistances {
  const points = deliveries.flatMap((d) => [d.pickup, d.dropoff])
  return {
    // No start point: the run starts at its first pickup (nothing to ride before it).
    fromStart: points.map((p) => (start ? km(start, p) : 0)),
    between: points.map((a) => points.map((b) => km(a, b))),
  }
}

/** The km of riding the stops in `order` (stop numbers) from the start. */
export function orderKm(order: readonly number[], d: StopDistances): number {
  let total = 0
  order.forEach((stop, i) => {
    total += i === 0 ? d.fromStart[stop]! : d.between[order[i - 1]!]![stop]!
  })
  return total
}

/** Every pickup before its drop-off, each stop once. */
export function isValidOrder(order: readonly number[], stops: number): boolean {
  if (order.length !== stops) return false
  const seen = new Set<number>()
  for (const stop of order) {
    if (stop < 0 || stop >= stops || seen.has(stop)) return false
    if (stop % 2 === 1 && !seen.has(stop - 1)) return false
    seen.add(stop)
  }
  return true
}

/** Every valid order of `stops` stops (a pickup before its drop-off), depth first. */
export function* validOrders(stops: number): Generator<number[]> {
  const order: number[] = []
  const used = new Array<boolean>(stops).fill(false)
  function* extend(): Generator<number[]> {
    if (order.length === stops) {
      yield [...order]
      return
    }
    for (let s = 0; s < stops; s++) {
      if (used[s] || (s % 2 === 1 && !used[s - 1])) continue
      used[s] = true
      order.push(s)
      yield* extend()
      order.pop()
      used[s] = false
    }
  }
  yield* extend()
}

/**
 * The shortest valid order: best[mask][last] is the least km visiting the stops of `mask` and ending
 * at `last`; a drop-off may join a mask only once its pickup is in it. 2^8 × 8 states at most.
 */
function exactOrder(d: StopDistances): number[] {
  const stops = d.fromStart.length
  const full = (1 << stops) - 1
  const best = Array.from({ length: full + 1 }, () => new Array<number>(stops).fill(Number.POSITIVE_INFINITY))
  const came = Array.from({ length: full + 1 }, () => new Array<number>(stops).fill(-1))
  for (let s = 0; s < stops; s += 2) best[1 << s]![s] = d.fromStart[s]!
  for (let mask = 1; mask <= full; mask++) {
    for (let last = 0; last < stops; last++) {
      const here = best[mask]![last]!
      if (here === Number.POSITIVE_INFINITY) continue
      for (let next = 0; next < stops; next++) {
        const bit = 1 << next
        if (mask & bit) continue
        if (next % 2 === 1 && !(mask & (1 << (next - 1)))) continue
        const km = here + d.between[last]![next]!
        if (km < best[mask | bit]![next]!) {
          best[mask | bit]![next] = km
          came[mask | bit]![next] = last
        }
      }
    }
  }
  let last = 0
  for (let s = 1; s < stops; s++) if (best[full]![s]! < best[full]![last]!) last = s
  const order: number[] = []
  for (let mask = full; last >= 0; ) {
    order.push(last)
    const before = came[mask]![last]!
    mask &= ~(1 << last)
    last = before
  }
  return order.reverse()
}

/** Insertion: each delivery's pickup and drop-off where they add the least, pickup first. */
function insertionOrder(d: StopDistances): number[] {
  let order: number[] = []
  for (let pickup = 0; pickup < d.fromStart.length; pickup += 2) {
    let bestOrder: number[] = []
    let bestKm = Number.POSITIVE_INFINITY
    for (let i = 0; i <= order.length; i++) {
      for (let j = i + 1; j <= order.length + 1; j++) {
        const candidate = [...order]
        candidate.splice(i, 0, pickup)
        candidate.splice(j, 0, pickup + 1)
        const km = orderKm(candidate, d)
        if (km < bestKm) {
          bestKm = km
          bestOrder = candidate
        }
      }
    }
    order = bestOrder
  }
  return order
}

/**
 * Local moves until none shortens the run: reversing a stretch (2-opt) and moving one stop
 * elsewhere, each kept only when every pickup stays before its drop-off.
 */
function improve(start: number[], d: StopDistances): number[] {
  let order = start
  let km = orderKm(order, d)
  const stops = order.length
  const tryOrder = (candidate: number[]) => {
    if (!isValidOrder(candidate, stops)) return false
    const candidateKm = orderKm(candidate, d)
    if (candidateKm >= km - 1e-9) return false
    order = candidate
    km = candidateKm
    return true
  }
  for (let improved = true; improved; ) {
    improved = false
    for (let i = 0; i < stops - 1; i++) {
      for (let j = i + 1; j < stops; j++) {
        const reversed = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)]
        if (tryOrder(reversed)) improved = true
      }
    }
    for (let i = 0; i < stops; i++) {
      for (let j = 0; j < stops; j++) {
        if (i === j) continue
        const moved = [...order]
        const [stop] = moved.splice(i, 1)
        moved.splice(j, 0, stop!)
        if (tryOrder(moved)) improved = true
      }
    }
  }
  return order
}

/** A short valid order of the stops (stop numbers as in StopDistances). */
export function shortOrder(d: StopDistances): number[] {
  if (d.fromStart.length === 0) return []
  return d.fromStart.length <= EXACT_STOPS ? exactOrder(d) : improve(insertionOrder(d), d)
}

/** Stop numbers as stops of `deliveries`. */
export function stopRefs(order: readonly number[], deliveries: readonly RunDelivery[]): StopRef[] {
  return order.map((stop) => ({
    deliveryId: deliveries[Math.floor(stop / 2)]!.id,
    kind: stop % 2 === 0 ? 'pickup' : 'dropoff',
  }))
}

/** Stops of `deliveries` as stop numbers; null when one names no delivery of theirs. */
export function stopNumbers(refs: readonly StopRef[], deliveries: readonly RunDelivery[]): number[] | null {
  const numbers = refs.map((ref) => {
    const k = deliveries.findIndex((d) => d.id === ref.deliveryId)
    return k < 0 ? -1 : 2 * k + (ref.kind === 'pickup' ? 0 : 1)
  })
  return numbers.includes(-1) ? null : numbers
}
