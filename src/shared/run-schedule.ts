/**
 * When a run reaches each stop, and whether the food is still safe there
 * (docs/decisions/0071-volunteer-runs.md): the leg's km at the vehicle's town speed, a fixed time at
 * each stop, and a drop-off never handed over before its agreed time's window opens.
 */
import type { StopDistances, StopRef } from './run-order'

/** How a volunteer rides (their profile); unknown: the slower, so no estimate is too hopeful. */
export const VEHICLES = ['motorbike', 'three-wheeler'] as const
export type Vehicle = (typeof VEHICLES)[number]

/** Average speeds in Sri Lankan town traffic, stops at junctions included (0071). */
export const TOWN_SPEED_KMH: Record<Vehicle, number> = { motorbike: 25, 'three-wheeler': 20 }

export function speedKmh(vehicle: Vehicle | null | undefined): number {
  return TOWN_SPEED_KMH[vehicle ?? 'three-wheeler']
}

/** Parking, finding the door, the code and the hand-over at each stop. */
export const MINUTES_PER_STOP = 5

/** A delivery may be handed over this long before or after its agreed time. */
export const DELIVERY_WINDOW_MINUTES = 30

const MINUTE_MS = 60_000

/** What the schedule reads of a delivery: its agreed time, and the cooked food's clock (null: not cooked). */
export type DeliveryClock = { deliveryId: string; deliveryAt: Date; safeUntil: Date | null }

/** Each stop's arrival: when the volunteer is at the door (after any wait for the window). */
export function stopTimes(
  stops: readonly StopRef[],
  legsKm: readonly number[],
  vehicle: Vehicle | null | undefined,
  now: Date,
  clocks: readonly DeliveryClock[],
): Date[] {
  const speed = speedKmh(vehicle)
  let t = now.getTime()
  return stops.map((stop, i) => {
    t += (legsKm[i]! / speed) * 60 * MINUTE_MS
    if (stop.kind === 'dropoff') {
      const clock = clocks.find((c) => c.deliveryId === stop.deliveryId)
      // Early: the volunteer waits for the window rather than leave food at an empty house.
      if (clock) t = Math.max(t, clock.deliveryAt.getTime() - DELIVERY_WINDOW_MINUTES * MINUTE_MS)
    }
    const arrival = new Date(t)
    t += MINUTES_PER_STOP * MINUTE_MS
    return arrival
  })
}

/** Why a run cannot go as planned: cooked food past its time, or a drop-off past its window, by whole minutes. */
export type RunProblem = { deliveryId: string; reason: 'foodUnsafe' | 'tooLate'; minutes: number }

/** The problems of a run's drop-offs at these arrival times, the worst first. */
export function runProblems(
  stops: readonly StopRef[],
  arrivals: readonly Date[],
  clocks: readonly DeliveryClock[],
): RunProblem[] {
  const problems: RunProblem[] = []
  stops.forEach((stop, i) => {
    if (stop.kind !== 'dropoff') return
    const clock = clocks.find((c) => c.deliveryId === stop.deliveryId)
    if (!clock) return
    const at = arrivals[i]!.getTime()
    const over = (limit: number) => Math.ceil((at - limit) / MINUTE_MS)
    if (clock.safeUntil && at > clock.safeUntil.getTime()) {
      problems.push({
        deliveryId: stop.deliveryId,
        reason: 'foodUnsafe',
        minutes: over(clock.safeUntil.getTime()),
      })
    }
    const latest = clock.deliveryAt.getTime() + DELIVERY_WINDOW_MINUTES * MINUTE_MS
    if (at > latest) problems.push({ deliveryId: stop.deliveryId, reason: 'tooLate', minutes: over(latest) })
  })
  // Unsafe food before lateness, then the larger overrun.
  return problems.sort((a, b) =>
    a.reason === b.reason ? b.minutes - a.minutes : a.reason === 'foodUnsafe' ? -1 : 1,
  )
}

/**
 * The shortest order (stop numbers) whose drop-offs are all safe and in time, by the estimates of
 * `d`; null when none is (or the run is too long to search). Branch and bound over the valid orders,
 * timed as stopTimes times them: a prefix already longer than the best, or already too late for a
 * drop-off, is not extended (a later stop never makes an earlier one sooner).
 */
export function safeOrder(
  d: StopDistances,
  refsOf: (order: number[]) => StopRef[],
  vehicle: Vehicle | null | undefined,
  now: Date,
  clocks: readonly DeliveryClock[],
  maxStops = 8,
): number[] | null {
  const stops = d.fromStart.length
  if (stops > maxStops || stops === 0) return null
  const speed = speedKmh(vehicle)
  // Each drop-off's clock, found once by its delivery.
  const refs = refsOf(Array.from({ length: stops }, (_, i) => i))
  const clockOfStop = refs.map((ref) =>
    ref.kind === 'dropoff' ? clocks.find((c) => c.deliveryId === ref.deliveryId) : undefined,
  )
  const used = new Array<boolean>(stops).fill(false)
  const order: number[] = []
  let best: { order: number[]; km: number } | null = null
  const extend = (km: number, t: number) => {
    if (best && km >= best.km) return
    if (order.length === stops) {
      best = { order: [...order], km }
      return
    }
    const last = order[order.length - 1]
    for (let s = 0; s < stops; s++) {
      if (used[s] || (s % 2 === 1 && !used[s - 1])) continue
      const leg = last === undefined ? d.fromStart[s]! : d.between[last]![s]!
      let arrival = t + (leg / speed) * 60 * MINUTE_MS
      const clock = clockOfStop[s]
      if (clock) {
        arrival = Math.max(arrival, clock.deliveryAt.getTime() - DELIVERY_WINDOW_MINUTES * MINUTE_MS)
        if (clock.safeUntil && arrival > clock.safeUntil.getTime()) continue
        if (arrival > clock.deliveryAt.getTime() + DELIVERY_WINDOW_MINUTES * MINUTE_MS) continue
      }
      used[s] = true
      order.push(s)
      extend(km + leg, arrival + MINUTES_PER_STOP * MINUTE_MS)
      order.pop()
      used[s] = false
    }
  }
  extend(0, now.getTime())
  return (best as { order: number[] } | null)?.order ?? null
}
