/**
 * The phone number parser (docs/decisions/0060-phone-numbers.md): libphonenumber-js's core with
 * Sri Lanka's entry of its 'min' metadata only (phone-metadata-lk.json, cut from
 * libphonenumber-js/metadata.min.json): lengths and prefixes, a few hundred bytes. Importing this
 * module provides it to ./phone.ts.
 */
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core'
import { provideSriLankanPhoneParser } from './phone'
import metadata from './phone-metadata-lk.json'

/** What people type around the digits: spaces, dashes, dots, brackets and one leading +. */
const TYPED_SHAPE = /^\+?[\d\s\-().]{9,24}$/

export function parseWithLibphonenumber(typed: string): string | null {
  const text = typed.trim()
  if (!TYPED_SHAPE.test(text)) return null
  const parsed = parsePhoneNumberFromString(text, 'LK', metadata as unknown as MetadataJson)
  if (parsed?.country !== 'LK' || parsed.ext || !parsed.isValid()) return null
  // 'min' metadata checks lengths only: a Sri Lankan number is nine digits after the trunk 0, never 0….
  return /^[1-9]\d{8}$/.test(parsed.nationalNumber) ? parsed.number : null
}

provideSriLankanPhoneParser(parseWithLibphonenumber)
