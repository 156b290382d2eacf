/**
 * SMS rules (docs/decisions/0051-sms-over-smpp.md): Sri Lankan numbers, how a text is coded and
 * split into segments, which words a reply may say, and the quiet hours.
 */
import { parseSriLankanPhone } from './phone'
import type { Language } from './reference-data'
import { sriLankaInstant, sriLankaParts } from './sri-lanka-time'

/**
 * A Sri Lankan number as the SMSC takes it: 94 and the nine digits after the trunk 0
 * (`077 123 4567`, `+94 77 123 4567`, `0094771234567` → `94771234567`); null for anything else.
 */
export function normalisePhone(typed: string): string | null {
  const parsed = parseSriLankanPhone(typed)
  if (parsed !== undefined) return parsed?.slice(1) ?? null
  // A web page without phone fields has not loaded the parser (./phone.ts): it only shows numbers,
  // which the server parsed when they were saved, so their digits are enough.
  const match = /^(?:\+94|0094|94|0)?([1-9]\d{8})$/.exec(typed.replace(/[\s\-().]/g, ''))
  return match ? `94${match[1]}` : null
}

/**
 * The sender of a reply as 94…, matched on the whole address: digits only (an international number
 * may start with +), international (94 and nine digits) or national (0 and nine, or the nine), else
 * null. Nothing is stripped first, so `94 77 111 0001x` is nobody's number.
 */
export function senderNumber(from: string, type: 'international' | 'national' | 'other'): string | null {
  if (type === 'international' && /^\+?94[1-9]\d{8}$/.test(from)) return normalisePhone(from)
  if (type === 'national' && /^0?[1-9]\d{8}$/.test(from)) return normalisePhone(from.padStart(10, '0'))
  return null
}

/** The number as people read it, for the profile: `+94 77 123 4567`. */
export function displayPhone(normalised: string): string {
  return `+94 ${normalised.slice(2, 4)} ${normalised.slice(4, 7)} ${normalised.slice(7)}`
}

/** A notice by SMS is at most two segments: longer names and places are cut to fit. */
export const MAX_NOTICE_SEGMENTS = 2

/** GSM 03.38: the basic set (one septet each) and the extension set (two: escape and the character). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM7_EXTENDED = '^{}\\[~]|€\f'

export type SmsEncoding = 'gsm7' | 'ucs2'

/** Whether every character of `text` is in the GSM 7-bit alphabet (else the text goes as UCS-2). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.includes(char) && !GSM7_EXTENDED.includes(char)) return false
  return true
}

/**
 * Units per segment: GSM-7 counts septets (160 alone, 153 per part of a longer text, the rest is
 * the concatenation header), UCS-2 counts UTF-16 code units (70 alone, 67 per part).
 */
export const SEGMENT_UNITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const

function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'ucs2') return char.length
  return GSM7_EXTENDED.includes(char) ? 2 : 1
}

export type SmsSegments = { encoding: SmsEncoding; parts: string[] }

/**
 * How `text` goes on the air: its encoding, and its parts (one when it fits a single segment). A
 * part never ends between an escape and its character, nor inside a surrogate pair.
 */
export function smsSegments(text: string): SmsSegments {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2'
  const limits = SEGMENT_UNITS[encoding]
  const chars = [...text]
  const total = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0)
  if (total <= limits.single) return { encoding, parts: [text] }
  const parts: string[] = []
  let current = ''
  let units = 0
  for (const char of chars) {
    const size = unitsOf(char, encoding)
    if (units + size > limits.part) {
      parts.push(current)
      current = ''
      units = 0
    }
    current += char
    units += size
  }
  if (current) parts.push(current)
  return { encoding, parts }
}

/** Cuts `text` to at most `max` segments (three dots where it was cut: an ellipsis is not GSM-7 and would turn an English text into UCS-2); a text that fits is kept. */
export function fitSegments(text: string, max: number): string {
  if (smsSegments(text).parts.length <= max) return text
  const chars = [...text]
  let length = chars.length
  while (length > 0 && smsSegments(`${chars.slice(0, length).join('')}...`).parts.length > max) length--
  return `${chars.slice(0, length).join('').trimEnd()}...`
}

/** What a reply from a phone asks for (docs/decisions/0052-sms-replies.md). */
export type SmsCommand = 'confirm' | 'cancel' | 'stop' | 'start' | 'help'

/**
 * The words of each command, in English, Sinhala and Tamil (and their romanised forms people type
 * on phones without the scripts). Compared after trimming, lower-casing and dropping punctuation.
 */
export const SMS_COMMAND_WORDS: Record<SmsCommand, readonly string[]> = {
  confirm: ['1', 'yes', 'ok', 'ඔව්', 'ow', 'ஆம்', 'aam'],
  cancel: ['0', 'cancel', 'අවලංගු', 'awalangu', 'ரத்து', 'rathu'],
  stop: ['stop', 'unsubscribe', 'නවත්වන්න', 'nawathwanna', 'நிறுத்து', 'niruthu'],
  start: ['start', 'ආරම්භ', 'arambha', 'தொடங்கு', 'thodangu'],
  help: ['help', '?', 'උදව්', 'udaw', 'உதவி', 'udhavi'],
}

/** The command a reply says, or null for words the app does not know. */
export function parseSmsCommand(text: string): SmsCommand | null {
  const word = text
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/^[\s.!,"'“”]+|[\s.!,"'“”]+$/g, '')
  for (const [command, words] of Object.entries(SMS_COMMAND_WORDS) as [SmsCommand, readonly string[]][]) {
    if (words.includes(word)) return command
  }
  return null
}

/** The language a text from an unknown sender is written in, by its script. */
export function languageOfText(text: string): Language {
  if (/[\u0D80-\u0DFF]/.test(text)) return 'si'
  if (/[\u0B80-\u0BFF]/.test(text)) return 'ta'
  return 'en'
}

/** No notices by SMS from 21:00 to 07:00 Sri Lankan time (docs/decisions/0051-sms-over-smpp.md). */
export const QUIET_HOURS = { start: '21:00', end: '07:00' } as const

export function inQuietHours(instant: Date): boolean {
  const { time } = sriLankaParts(instant)
  return time >= QUIET_HOURS.start || time < QUIET_HOURS.end
}

/** When a notice held at `instant` may go: `instant` itself outside the quiet hours, else 07:00 after it. */
export function quietHoursEnd(instant: Date): Date {
  if (!inQuietHours(instant)) return instant
  const { date, time } = sriLankaParts(instant)
  const morning = sriLankaInstant(date, QUIET_HOURS.end)
  if (time < QUIET_HOURS.end) return morning
  return new Date(morning.getTime() + 24 * 60 * 60_000)
}

/**
 * Notices that cannot wait for the morning (docs/decisions/0061-sms-in-time.md): a delivery's steps
 * (the volunteer is on the road now) and the pickup reminder (its pickup is within the hour) always
 * go at once; an approval, a first-refusal offer or a cancelled event goes at once when what it is
 * about starts before the quiet hours end.
 */
const ALWAYS_AT_ONCE: readonly string[] = [
  'pickup_reminder',
  'delivery_assigned',
  'delivery_picked_up',
  'delivery_completed',
  // A person's message is not a service notice: the quiet hours do not hold it (docs/decisions/0067-messages-by-sms.md).
  'message_received',
]
const AT_ONCE_IF_BEFORE_MORNING: readonly string[] = [
  'claim_approved',
  'request_accepted',
  'first_refusal_offer',
  'event_cancelled',
]

/**
 * When a notice of `type` written at `now` may go: at once outside the quiet hours and for a
 * time-critical notice (its `startsAt`, the pickup or event, comes before 07:00), else at 07:00.
 */
export function smsSendAt(now: Date, type: string, startsAt: Date | null = null): Date {
  const morning = quietHoursEnd(now)
  if (morning.getTime() === now.getTime() || ALWAYS_AT_ONCE.includes(type)) return now
  if (AT_ONCE_IF_BEFORE_MORNING.includes(type) && startsAt && startsAt.getTime() < morning.getTime())
    return now
  return morning
}

/** A verification code: six digits, ten minutes, five tries, three sends an hour per user and per number. */
export const PHONE_CODE = {
  length: 6,
  validMinutes: 10,
  maxTries: 5,
  sendsPerHour: 3,
} as const

/** A family's one phone may be verified on this many accounts (docs/decisions/0062-the-family-phone.md). */
export const FAMILY_PHONE_ACCOUNTS = 3
/**
 * Caps on codes, besides three an hour to a user and to a number (docs/decisions/0059-limits-before-work.md):
 * per network address, and for an account less than a day old (a stranger's fresh accounts). The
 * service-wide cap is SMS_MAX_PER_HOUR.
 */
export const PHONE_CODE_CAPS = {
  perAddressPerHour: 10,
  newAccountHours: 24,
  newAccountCodes: 3,
} as const

/** Unknown senders and unknown words get one help reply a day at most. */
export const HELP_REPLY_EVERY_HOURS = 24
