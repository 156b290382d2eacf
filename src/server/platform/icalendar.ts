/** iCalendar files (RFC 5545) of pickups and deliveries (docs/decisions/0047-pickup-codes.md). */
import type { FastifyReply } from 'fastify'

export type CalendarEvent = {
  uid: string
  start: Date
  end: Date
  summary: string
  location: string
  description: string
  url: string
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** A recurring event's rule (a standing arrangement: docs/decisions/0068-standing-arrangements.md). */
  rrule?: string
}

/**
 * Text as a property value: backslashes, semicolons, commas and line breaks escaped. CRLF, a bare
 * CR and a bare LF are each one break: a bare CR left in a title would end its line for some readers
 * and let the title write properties or events of its own.
 */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')

/** 20261124T123000Z */
const utc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545, 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let start = 0
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length)
    // Never split a UTF-8 character: step back to the start of one.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--
    parts.push(bytes.subarray(start, end).toString('utf8'))
    start = end
  }
  return parts.join('\r\n ')
}

/** A calendar of `events`; `name` names a subscribed feed in the reader's calendar app. */
export function calendarFile(events: CalendarEvent[], now = new Date(), name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ahara//Pickups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}@ahara.lk`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      ...(event.rrule ? [`RRULE:${event.rrule}`] : []),
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      `STATUS:${event.status}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** Answers with `file`, an iCalendar file the browser saves as `filename`. */
export function sendCalendarFile(reply: FastifyReply, file: string, filename: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(file)
}
