import { describe, expect, it } from 'vitest'
import { orderKm, type RunDelivery, stopDistances, stopRefs, validOrders } from './run-order'
import {
  type DeliveryClock,
  MINUTES_PER_STOP,
  runProblems,
  safeOrder,
  speedKmh,
  stopTimes,
} from './run-schedule'

const now = new Date('2026-11-29T04:00:00Z')
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000)
const minutesOf = (d: Date) => (d.getTime() - now.getTime()) / 60_000

describe('stopTimes', () => {
  it('rides each leg at the vehicle’s town speed and spends the stop’s minutes at each door', () => {
    const stops = [
      { deliveryId: 'a', kind: 'pickup' as const },
      { deliveryId: 'a', kind: 'dropoff' as const },
    ]
    // 5 km at 25 km/h: 12 minutes; then 5 at the door; 10 km: 24 minutes.
    const times = stopTimes(stops, [5, 10], 'motorbike', now, [])
    expect(times.map(minutesOf)).toEqual([12, 12 + MINUTES_PER_STOP + 24])
    // A three-wheeler, or a volunteer who has not said: 20 km/h.
    expect(stopTimes(stops, [5, 10], null, now, []).map(minutesOf)).toEqual([15, 15 + 5 + 30])
    expect(speedKmh(null)).toBe(speedKmh('three-wheeler'))
  })

  it('waits at a drop-off until half an hour before its agreed time', () => {
    const stops = [
      { deliveryId: 'a', kind: 'pickup' as const },
      { deliveryId: 'a', kind: 'dropoff' as const },
    ]
    const clocks: DeliveryClock[] = [{ deliveryId: 'a', deliveryAt: at(120), safeUntil: null }]
    expect(stopTimes(stops, [5, 5], 'motorbike', now, clocks).map(minutesOf)).toEqual([12, 90])
  })
})

describe('runProblems', () => {
  const stops = [
    { deliveryId: 'a', kind: 'pickup' as const },
    { deliveryId: 'b', kind: 'pickup' as const },
    { deliveryId: 'a', kind: 'dropoff' as const },
    { deliveryId: 'b', kind: 'dropoff' as const },
  ]
  it('names cooked food arriving after its safe time, by the minute, before lateness', () => {
    const clocks: DeliveryClock[] = [
      { deliveryId: 'a', deliveryAt: at(0), safeUntil: null },
      { deliveryId: 'b', deliveryAt: at(20), safeUntil: at(50) },
    ]
    const problems = runProblems(stops, [at(10), at(20), at(40), at(61)], clocks)
    expect(problems).toEqual([
      { deliveryId: 'b', reason: 'foodUnsafe', minutes: 11 },
      { deliveryId: 'b', reason: 'tooLate', minutes: 11 },
      { deliveryId: 'a', reason: 'tooLate', minutes: 10 },
    ])
  })
  it('has none when every drop-off is safe and within 30 minutes of its time', () => {
    const clocks: DeliveryClock[] = [
      { deliveryId: 'a', deliveryAt: at(30), safeUntil: at(40) },
      { deliveryId: 'b', deliveryAt: at(30), safeUntil: null },
    ]
    expect(runProblems(stops, [at(10), at(20), at(40), at(60)], clocks)).toEqual([])
  })
})

describe('safeOrder', () => {
  // Two bakeries beside the start; a home 6 km away whose cooked food is nearly out of time, and
  // one 3 km beyond it the other way round.
  const deliveries: RunDelivery[] = [
    { id: 'far', pickup: { lat: 6.9, lng: 79.86 }, dropoff: { lat: 6.9, lng: 79.92 } },
    { id: 'near', pickup: { lat: 6.9001, lng: 79.8601 }, dropoff: { lat: 6.9, lng: 79.89 } },
  ]
  const d = stopDistances({ lat: 6.9, lng: 79.86 }, deliveries)
  const refsOf = (order: number[]) => stopRefs(order, deliveries)

  it('finds the shortest order that keeps the food safe', () => {
    const clocks: DeliveryClock[] = [
      { deliveryId: 'far', deliveryAt: at(30), safeUntil: at(34) },
      { deliveryId: 'near', deliveryAt: at(30), safeUntil: null },
    ]
    // The shortest drops the near one first: the far one's food would then arrive at about 37 minutes.
    const shortest = [0, 2, 3, 1]
    expect(
      runProblems(
        refsOf(shortest),
        stopTimes(refsOf(shortest), [0, 0.02, 4.6, 4.6], 'motorbike', now, clocks),
        clocks,
      ),
    ).not.toEqual([])
    const order = safeOrder(d, refsOf, 'motorbike', now, clocks)
    expect(order && refsOf(order).filter((r) => r.kind === 'dropoff')[0]?.deliveryId).toBe('far')
  })

  it('answers null when no order is safe', () => {
    const clocks: DeliveryClock[] = [{ deliveryId: 'far', deliveryAt: at(0), safeUntil: at(5) }]
    expect(safeOrder(d, refsOf, 'motorbike', now, clocks)).toBeNull()
  })
})

describe('safeOrder against every valid order', () => {
  it('finds an order exactly when one is safe, and the shortest (300 random cases)', () => {
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed / 2_147_483_648
    }
    for (let i = 0; i < 300; i++) {
      const n = 1 + (i % 4)
      const deliveries: RunDelivery[] = Array.from({ length: n }, (_, k) => ({
        id: `d${k}`,
        pickup: { lat: 6.85 + next() * 0.2, lng: 79.82 + next() * 0.2 },
        dropoff: { lat: 6.85 + next() * 0.2, lng: 79.82 + next() * 0.2 },
      }))
      const clocks: DeliveryClock[] = deliveries.map((dv) => ({
        deliveryId: dv.id,
        deliveryAt: at(next() * 120),
        safeUntil: next() < 0.5 ? at(20 + next() * 100) : null,
      }))
      const d = stopDistances({ lat: 6.9, lng: 79.86 }, deliveries)
      const refsOf = (order: number[]) => stopRefs(order, deliveries)
      let best: number | null = null
      for (const order of validOrders(2 * n)) {
        const refs = refsOf(order)
        const legs = order.map((s, j) => (j === 0 ? d.fromStart[s]! : d.between[order[j - 1]!]![s]!))
        if (runProblems(refs, stopTimes(refs, legs, 'motorbike', now, clocks), clocks).length > 0) continue
        const km = orderKm(order, d)
        if (best === null || km < best) best = km
      }
      const found = safeOrder(d, refsOf, 'motorbike', now, clocks)
      expect(found === null).toBe(best === null)
      if (found && best !== null) expect(orderKm(found, d)).toBeCloseTo(best, 9)
    }
  })
})
