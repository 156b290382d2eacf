import { describe, expect, it } from 'vitest'
import type { Point } from './geo'
import {
  isValidOrder,
  orderKm,
  type RunDelivery,
  shortOrder,
  stopDistances,
  stopNumbers,
  stopRefs,
  validOrders,
} from './run-order'

/** A seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** Points around Colombo, within ~15 km. */
function deliveriesOf(count: number, next: () => number): RunDelivery[] {
  const point = (): Point => ({ lat: 6.85 + next() * 0.25, lng: 79.82 + next() * 0.2 })
  return Array.from({ length: count }, (_, i) => ({ id: `d${i}`, pickup: point(), dropoff: point() }))
}

function bruteForceKm(stops: number, d: ReturnType<typeof stopDistances>) {
  let best = Number.POSITIVE_INFINITY
  for (const order of validOrders(stops)) best = Math.min(best, orderKm(order, d))
  return best
}

describe('validOrders', () => {
  it('lists every order with each pickup before its drop-off: (2n)! / 2^n of them', () => {
    expect([...validOrders(2)]).toEqual([[0, 1]])
    expect([...validOrders(4)]).toHaveLength(6)
    expect([...validOrders(8)]).toHaveLength(2520)
    for (const order of validOrders(6)) expect(isValidOrder(order, 6)).toBe(true)
  })
})

describe('isValidOrder', () => {
  it('refuses a drop-off before its pickup, a stop twice or missing', () => {
    expect(isValidOrder([0, 1, 2, 3], 4)).toBe(true)
    expect(isValidOrder([1, 0, 2, 3], 4)).toBe(false)
    expect(isValidOrder([0, 0, 2, 3], 4)).toBe(false)
    expect(isValidOrder([0, 1, 2], 4)).toBe(false)
  })
})

describe('shortOrder', () => {
  it.each([1, 2, 3, 4])(
    'is the shortest valid order of %i deliveries, from a start or none (200 random cases)',
    (n) => {
      const next = random(n * 7919)
      for (let i = 0; i < 50; i++) {
        const deliveries = deliveriesOf(n, next)
        for (const start of [{ lat: 6.9, lng: 79.86 }, null]) {
          const d = stopDistances(start, deliveries)
          const order = shortOrder(d)
          expect(isValidOrder(order, 2 * n)).toBe(true)
          const optimal = bruteForceKm(2 * n, d)
          expect(orderKm(order, d)).toBeLessThanOrEqual(optimal * 1.01 + 1e-9)
        }
      }
    },
  )

  it.each([5, 6, 8])('is valid, and no longer than insertion alone, beyond 8 stops (%i deliveries)', (n) => {
    const next = random(n * 104_729)
    for (let i = 0; i < 10; i++) {
      const deliveries = deliveriesOf(n, next)
      const d = stopDistances({ lat: 6.9, lng: 79.86 }, deliveries)
      const order = shortOrder(d)
      expect(isValidOrder(order, 2 * n)).toBe(true)
      // Every pickup then every drop-off is one valid order: the heuristic does at least as well.
      const naive = [
        ...Array.from({ length: n }, (_, k) => 2 * k),
        ...Array.from({ length: n }, (_, k) => 2 * k + 1),
      ]
      expect(orderKm(order, d)).toBeLessThanOrEqual(orderKm(naive, d) + 1e-9)
    }
  })

  it('collects both then drops both when the two homes are beyond both pickups', () => {
    const deliveries: RunDelivery[] = [
      { id: 'a', pickup: { lat: 6.9, lng: 79.86 }, dropoff: { lat: 7.0, lng: 79.95 } },
      { id: 'b', pickup: { lat: 6.905, lng: 79.865 }, dropoff: { lat: 7.001, lng: 79.951 } },
    ]
    const refs = stopRefs(shortOrder(stopDistances({ lat: 6.899, lng: 79.859 }, deliveries)), deliveries)
    expect(refs.map((r) => r.kind)).toEqual(['pickup', 'pickup', 'dropoff', 'dropoff'])
  })

  it('has nothing to order without deliveries', () => {
    expect(shortOrder(stopDistances(null, []))).toEqual([])
  })
})

describe('stopNumbers', () => {
  it('reads a volunteer’s order back, or null when it names another delivery', () => {
    const deliveries = deliveriesOf(2, random(1))
    const refs = stopRefs([2, 0, 3, 1], deliveries)
    expect(stopNumbers(refs, deliveries)).toEqual([2, 0, 3, 1])
    expect(stopNumbers([{ deliveryId: 'x', kind: 'pickup' }], deliveries)).toBeNull()
  })
})
