import { z } from 'zod'
import { DISTRICT_NAMES } from '../districts'
import { EVENT_KINDS } from '../reference-data'
import { isDateText, SRI_LANKA_OFFSET_MINUTES, sriLankaLastPlannableDate } from '../sri-lanka-time'
import { pointAnswerSchema, pointSchema } from './point'
import { MAX_PAGE, queryInteger } from './query'

/** Messages are i18n keys (events.errors.*); the server answers them with their English text. */

/** 'YYYY-MM-DDTHH:MM', optional seconds and fraction, optional offset ('Z' or '+05:30'). */
const EVENT_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/

/**
 * A date and time as a `datetime-local` input gives it (read as Sri Lanka time, UTC+05:30) or a
 * full ISO 8601 instant with an offset. Returns the instant, or null when it cannot be read, names an
 * impossible day (2026-02-30), or lies outside the years 1000 to 9999 in any zone.
 */
export function parseEventDateTime(value: string): Date | null {
  const match = EVENT_DATE_TIME.exec(value)
  if (!match || !isDateText(match[1]!)) return null
  const date = new Date(match[6] ? value : `${value}${match[4] ? '' : ':00'}+05:30`)
  return !Number.isNaN(date.getTime()) && isDateText(date.toISOString().slice(0, 10)) ? date : null
}

/** The `datetime-local` value (Sri Lanka time) of an instant, for editing. */
export function toEventInputValue(value: Date | string): string {
  const date = new Date(new Date(value).getTime() + SRI_LANKA_OFFSET_MINUTES * 60_000)
  return date.toISOString().slice(0, 16)
}

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong)

/** Create and edit an event (the same fields; edit replaces them all). */
export const eventInputSchema = z.object({
  title: requiredText(120, 'events.errors.titleRequired', 'events.errors.titleTooLong'),
  description: requiredText(2000, 'events.errors.descriptionRequired', 'events.errors.descriptionTooLong'),
  startsAt: z
    .string('events.errors.dateRequired')
    .trim()
    .min(1, 'events.errors.dateRequired')
    .transform((value, ctx) => {
      const date = parseEventDateTime(value)
      if (!date) {
        ctx.addIssue({ code: 'custom', message: 'events.errors.dateInvalid' })
        return z.NEVER
      }
      return date
    })
    .refine((date) => date.getTime() > Date.now(), 'events.errors.dateInPast')
    .refine(
      (date) => toEventInputValue(date).slice(0, 10) <= sriLankaLastPlannableDate(),
      'errors.dateOutOfRange',
    ),
  address: requiredText(200, 'events.errors.addressRequired', 'events.errors.addressTooLong'),
  city: requiredText(100, 'events.errors.cityRequired', 'events.errors.cityTooLong'),
  district: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(DISTRICT_NAMES, 'events.errors.districtInvalid').nullable(),
  ),
  /**
   * The venue's point, public like its address (docs/decisions/0070-places-are-points.md). Null
   * clears it; left out of an edit, it stays.
   */
  point: pointSchema.nullable().optional(),
  /** Whole people as a JSON number; null (or left out) for no limit. */
  maxAttendees: z
    .number('events.errors.maxAttendeesInvalid')
    .int('events.errors.maxAttendeesInvalid')
    .min(1, 'events.errors.maxAttendeesInvalid')
    .max(100_000, 'events.errors.maxAttendeesInvalid')
    .nullish()
    .transform((v) => v ?? null),
  imageUrl: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  /** A general event, or a dansal: a free food stall (docs/decisions/0056-dansal-and-monthly-reports.md). */
  kind: z.enum(EVENT_KINDS, 'events.errors.kindInvalid').default('general'),
  /** The organiser asks for volunteers to help (they join as attendees). */
  volunteersWanted: z.boolean('errors.invalid').default(false),
})
export type EventInput = z.input<typeof eventInputSchema>
export type EventData = z.output<typeof eventInputSchema>

export const eventIdParamsSchema = z.object({ id: z.uuid('errors.notFound') })

export const eventListQuerySchema = z.object({
  /** Only this kind: `dansal` lists the upcoming stalls. */
  kind: z.enum(EVENT_KINDS, 'events.errors.kindInvalid').optional(),
  /** Only this district's ("Dansal near me"). */
  district: z.enum(DISTRICT_NAMES, 'events.errors.districtInvalid').optional(),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

/** An event as the API returns it. */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  address: z.string(),
  city: z.string(),
  district: z.string().nullable(),
  /** The venue's point, or null when the organiser gave none. */
  point: pointAnswerSchema.nullable(),
  maxAttendees: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  organizer: z.object({ id: z.string(), name: z.string() }),
  kind: z.enum(EVENT_KINDS),
  volunteersWanted: z.boolean(),
  attendeeCount: z.number().int(),
  /** The caller attends (false when signed out). */
  attending: z.boolean(),
  /** The caller organizes it. */
  isOrganizer: z.boolean(),
})
export type Event = z.infer<typeof eventSchema>

export const eventListSchema = z.object({
  items: z.array(eventSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
})
export type EventList = z.infer<typeof eventListSchema>

export const attendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  joinedAt: z.string(),
})
export type Attendee = z.infer<typeof attendeeSchema>
