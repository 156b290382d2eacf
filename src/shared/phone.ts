/**
 * Sri Lankan phone numbers (docs/decisions/0060-phone-numbers.md), one rule for every field that
 * takes one (profile, claims, deliveries, listings, organisations) and for SMS: parsed with
 * libphonenumber-js, mobiles and landlines typed as 0…, +94… or 94…, stored as E.164 (+94 and nine
 * digits).
 *
 * The parser itself is in ./phone-parser.ts, which provides it here when loaded: the server loads it
 * at start, the web app only with a form that has a phone field, so the first visit's JavaScript
 * does not carry it (docs/decisions/0041-first-visit-main-thread.md).
 */

type Parser = (typed: string) => string | null
let parser: Parser | undefined

/** Called once by ./phone-parser.ts. */
export function provideSriLankanPhoneParser(parse: Parser) {
  parser = parse
}

/**
 * `077 123 4567`, `+94 77 123 4567`, `94771234567`, `0094…` → `+94771234567`; null for anything
 * else; undefined while the parser is not loaded (a web form before its phone field loaded it: the
 * server checks the number again).
 */
export function parseSriLankanPhone(typed: string): string | null | undefined {
  return parser?.(typed)
}

/**
 * A stored number as people in Sri Lanka write it: `077 123 4567`, `011 234 5678` (anything not
 * E.164 Sri Lankan as it is).
 */
export function displaySriLankanPhone(stored: string): string {
  const match = /^\+94(\d{2})(\d{3})(\d{4})$/.exec(stored)
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : stored
}
