import { findDistrict } from './districts'

export const DEFAULT_DELIVERY_FEE = 300
export const URGENT_DELIVERY_SURCHARGE = 100

/** Delivery fee in LKR, paid to the volunteer on delivery. */
export function deliveryFee(district: string | null | undefined, urgent: boolean): number {
  const base = findDistrict(district)?.deliveryFee ?? DEFAULT_DELIVERY_FEE
  return base + (urgent ? URGENT_DELIVERY_SURCHARGE : 0)
}

/** Delivery times offered to requesters: hourly from 09:00 to 18:00. */
export const DELIVERY_TIMES = Array.from({ length: 10 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`)
