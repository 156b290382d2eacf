import { sriLankaParts } from './sri-lanka-time'

/**
 * What an approved recipient is told about collecting their food: a short order number to say at
 * pickup, and when to come (the server's e-mail and the web app's pages use the same rules).
 */

/** The first 8 characters of the order's id, upper case: short enough to read out at pickup. */
export function orderNumber(id: string): string {
  return id.replaceAll('-', '').slice(0, 8).toUpperCase()
}

export type PickupWindow = { date: string; start: string; end: string | null }

/**
 * When to collect: the donor's pickup window when they gave one (Sri Lankan date, start and end),
 * else the time the recipient chose when ordering.
 */
export function pickupWindow(
  listing: { pickupDate: string | null; pickupTimeStart: string | null; pickupTimeEnd: string | null },
  pickupAt: string | Date,
): PickupWindow {
  if (listing.pickupDate && listing.pickupTimeStart) {
    return { date: listing.pickupDate, start: listing.pickupTimeStart, end: listing.pickupTimeEnd }
  }
  const chosen = sriLankaParts(pickupAt)
  return { date: listing.pickupDate ?? chosen.date, start: chosen.time, end: null }
}
