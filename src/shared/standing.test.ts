import { describe, expect, it } from 'vitest'
import {
  askAt,
  deliveryDaysProblem,
  dueStep,
  freeDays,
  missedInARow,
  nextOccurrences,
  occursOn,
  postAt,
  rrule,
  type Schedule,
  weekdayOf,
} from './standing'

const bakery: Schedule = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
  windowStart: '19:00',
  windowEnd: '20:00',
  startsOn: '2026-11-30',
  endsOn: null,
  pausedUntil: null,
}
// 2026-11-30 is a Monday; 19:00 in Colombo is 13:30 UTC.
const at = (iso: string) => new Date(iso)

describe('standing schedule', () => {
  it('reads weekdays whatever the zone', () => {
    expect(weekdayOf('2026-11-30')).toBe('mon')
    expect(weekdayOf('2026-12-06')).toBe('sun')
  })

  it('lists the next occurrences from today, skipping Sunday and a closed window', () => {
    // Monday 20:00 Colombo exactly: tonight's window has closed.
    expect(nextOccurrences(bakery, at('2026-11-30T14:30:00Z'), 6)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-07',
    ])
    // A minute before it closes, tonight still counts.
    expect(nextOccurrences(bakery, at('2026-11-30T14:29:00Z'), 1)).toEqual(['2026-11-30'])
  })

  it('keeps to the start, the end, a pause and the end of the offer', () => {
    expect(nextOccurrences({ ...bakery, endsOn: '2026-12-01' }, at('2026-11-29T00:00:00Z'), 5)).toEqual([
      '2026-11-30',
      '2026-12-01',
    ])
    expect(occursOn({ ...bakery, pausedUntil: '2026-12-02' }, '2026-12-01')).toBe(false)
    expect(occursOn({ ...bakery, pausedUntil: '2026-12-02' }, '2026-12-02')).toBe(true)
    expect(
      nextOccurrences({ ...bakery, endedAt: at('2026-11-30T10:00:00Z') }, at('2026-11-30T10:00:00Z')),
    ).toEqual([])
  })

  it('asks two hours before and posts half an hour before the window, in Sri Lankan time', () => {
    expect(askAt('2026-11-30', bakery).toISOString()).toBe('2026-11-30T11:30:00.000Z')
    expect(postAt('2026-11-30', bakery).toISOString()).toBe('2026-11-30T13:00:00.000Z')
    expect(dueStep(bakery, '2026-11-30', at('2026-11-30T11:29:59Z'), false)).toBeNull()
    expect(dueStep(bakery, '2026-11-30', at('2026-11-30T11:30:00Z'), false)).toBe('ask')
    expect(dueStep(bakery, '2026-11-30', at('2026-11-30T11:31:00Z'), true)).toBeNull()
    expect(dueStep(bakery, '2026-11-30', at('2026-11-30T13:00:00Z'), true)).toBe('post')
    // Once the window is open, a sweep that was down posts nothing late.
    expect(dueStep(bakery, '2026-11-30', at('2026-11-30T13:30:00Z'), true)).toBeNull()
    // Sunday has no occurrence.
    expect(dueStep(bakery, '2026-12-06', at('2026-12-06T11:30:00Z'), false)).toBeNull()
  })

  it('writes the days as an RRULE, with UNTIL at the last window end', () => {
    expect(rrule(bakery)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA')
    expect(rrule({ ...bakery, days: ['sun', 'mon'], endsOn: '2026-12-31' })).toBe(
      'FREQ=WEEKLY;BYDAY=MO,SU;UNTIL=20261231T143000Z',
    )
    // 05:00 in Colombo is 23:30 UTC the day before.
    expect(rrule({ ...bakery, days: ['mon', 'sun'], windowStart: '05:00', windowEnd: '06:00' })).toBe(
      'FREQ=WEEKLY;BYDAY=SA,SU',
    )
  })

  it('pauses after two misses in a row, skips not counting', () => {
    expect(missedInARow(['missed', 'missed'])).toBe(true)
    expect(missedInARow(['missed', 'skipped', 'missed'])).toBe(true)
    expect(missedInARow(['missed', 'collected', 'missed'])).toBe(false)
    expect(missedInARow(['missed'])).toBe(false)
  })

  it("lets a volunteer take only the offer's days that nobody else holds", () => {
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat']
    expect(deliveryDaysProblem(['tue'], days, [])).toBeNull()
    expect(deliveryDaysProblem(['tue', 'sun'], days, [])).toBe('notOffered')
    expect(deliveryDaysProblem(['tue', 'wed'], days, ['wed'])).toBe('taken')
    expect(freeDays(days, ['wed', 'mon'])).toEqual(['tue', 'thu', 'fri', 'sat'])
  })
})
