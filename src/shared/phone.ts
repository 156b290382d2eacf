/**
 * Sri Lankan phone numbers (docs/decisions/0060-phone-numbers.md), one rule for every field that
 * takes one (profile, claims, deliveries, listings, organisations) and for SMS: parsed with
 * libphonenumber-js ('min' metadata: lengths and prefixes, small enough for the browser), mobiles
 * and landlines typed as 0…, +94… or 94…, stored as E.164 (+94 and nine digits).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** What people type around the digits: spaces, dashes, dots, brackets and one leading +. */
const TYPED_SHAPE = /^\+?[\d\s\-().]{9,24}$/

/** `077 123 4567`, `+94 77 123 4567`, `94771234567`, `0094…` → `+94771234567`; null for anything else. */
export function parseSriLankanPhone(typed: string): string | null {
  const text = typed.trim()
  if (!TYPED_SHAPE.test(text)) return null
  const parsed = parsePhoneNumberFromString(text, 'LK')
  if (parsed?.country !== 'LK' || parsed.ext || !parsed.isValid()) return null
  // 'min' metadata checks lengths only: a Sri Lankan number is nine digits after the trunk 0, never 0….
  return /^[1-9]\d{8}$/.test(parsed.nationalNumber) ? parsed.number : null
}

/** A stored number as people read it: `+94 77 123 4567` (anything not E.164 Sri Lankan as it is). */
export function displaySriLankanPhone(stored: string): string {
  const match = /^\+94(\d{2})(\d{3})(\d{4})$/.exec(stored)
  return match ? `+94 ${match[1]} ${match[2]} ${match[3]}` : stored
}
