import { SRI_LANKA_OFFSET_MINUTES } from './impact'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** The instant of a date ('YYYY-MM-DD') and time ('HH:MM') on a Sri Lankan clock, or null. */
export function sriLankaInstant(date: string, time: string): Date | null {
  if (!DATE.test(date) || !TIME.test(time)) return null
  const instant = new Date(`${date}T${time}:00+05:30`)
  if (Number.isNaN(instant.getTime())) return null
  // JavaScript rolls 31 February over into March: such a date was not a real one.
  const roundTrip = new Date(instant.getTime() + SRI_LANKA_OFFSET_MINUTES * 60_000).toISOString()
  return roundTrip.slice(0, 10) === date ? instant : null
}

/** Today's date ('YYYY-MM-DD') on a Sri Lankan clock: the minimum of date pickers. */
export function sriLankaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SRI_LANKA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)
}
