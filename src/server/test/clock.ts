import { afterAll, beforeAll, vi } from 'vitest'
import { sriLankaToday } from '../../shared/sri-lanka-time'
import { addDays, WEEKDAYS, weekdayOf } from '../../shared/standing'

/** The Monday of the coming week in Sri Lanka, at least a day away (YYYY-MM-DD). */
export function comingMonday(): string {
  const today = sriLankaToday()
  return addDays(today, 7 - WEEKDAYS.indexOf(weekdayOf(today)))
}

/**
 * A file whose clock the tests set (`vi.setSystemTime`): only Date is faked, and it moves on as time
 * passes, so timers, the database and the job queue run as usual.
 */
export function fakeDateForFile() {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  })
  afterAll(() => {
    vi.useRealTimers()
  })
}
