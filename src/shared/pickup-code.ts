/**
 * The pickup code that proves a handover (docs/decisions/0047-pickup-codes.md): six digits drawn at
 * approval, shown to the recipient only, typed by the donor to complete the order. Five wrong codes
 * on one order lock its completion for fifteen minutes, so the million codes cannot be tried.
 */

export const PICKUP_CODE_LENGTH = 6
export const MAX_WRONG_CODES = 5
export const CODE_LOCK_MINUTES = 15

const CODES = 10 ** PICKUP_CODE_LENGTH
/** The largest multiple of a million below 2^32: draws at or above it are redrawn, so no code is likelier. */
const FAIR_LIMIT = Math.floor(2 ** 32 / CODES) * CODES

/** A new pickup code: six random digits, leading zeros kept, from the platform's secure random source. */
export function drawPickupCode(): string {
  const draw = new Uint32Array(1)
  do crypto.getRandomValues(draw)
  while (draw[0]! >= FAIR_LIMIT)
  return String(draw[0]! % CODES).padStart(PICKUP_CODE_LENGTH, '0')
}

/** Six digits, nothing else: what a donor may type, and what the server draws. */
export function isPickupCodeShape(code: unknown): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code)
}

/** A typed code as the donor's keyboard gives it: spaces and dashes between groups are dropped. */
export function normalisePickupCode(typed: string): string {
  return typed.replace(/[\s-]/g, '')
}

/** When a lock that starts at `now` ends. */
export function codeLockEnd(now: Date): Date {
  return new Date(now.getTime() + CODE_LOCK_MINUTES * 60_000)
}

/** The code in two groups of three, as the order page shows it and the recipient reads it out. */
export function groupedPickupCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`
}
