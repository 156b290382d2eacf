import { sriLankaInstant } from '../../shared/sri-lanka-time'
import { addDays, WEEKDAYS } from '../../shared/standing'
import { formatDate } from './format'

/** A Monday: each weekday's short name in the reader's language is read from the week after it. */
const A_MONDAY = '2026-11-30'

export const dayName = (day: string) =>
  formatDate(
    sriLankaInstant(addDays(A_MONDAY, WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number])), '12:00'),
    { weekday: 'short' },
  )
