import { describe, expect, it } from 'vitest'
import {
  addMinutesToTime,
  isDateText,
  isTimeText,
  sriLankaInstant,
  sriLankaParts,
  sriLankaToday,
} from './sri-lanka-time'

describe('Sri Lanka time', () => {
  it('reads a wall-clock date and time at UTC+05:30', () => {
    expect(sriLankaInstant('2026-11-21', '18:30').toISOString()).toBe('2026-11-21T13:00:00.000Z')
    expect(sriLankaParts('2026-11-21T13:00:00.000Z')).toEqual({ date: '2026-11-21', time: '18:30' })
  })
  it("gives today's date in Sri Lanka, which starts 5.5 hours before UTC's", () => {
    expect(sriLankaToday(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22')
    expect(sriLankaToday(new Date('2026-11-21T18:00:00Z'))).toBe('2026-11-21')
  })
  it('checks date and time texts', () => {
    expect(isDateText('2026-02-28')).toBe(true)
    expect(isDateText('2026-02-30')).toBe(false)
    expect(isDateText('28/02/2026')).toBe(false)
    expect(isDateText('2028-02-29')).toBe(true)
    expect(isDateText('2027-02-29')).toBe(false)
    expect(isDateText('2026-13-01')).toBe(false)
    expect(isDateText('2026-00-10')).toBe(false)
    expect(isTimeText('09:00')).toBe(true)
    expect(isTimeText('24:00')).toBe(false)
    expect(isTimeText('9:00')).toBe(false)
  })
  it('refuses years PostgreSQL or a four-digit field cannot hold', () => {
    expect(isDateText('0000-01-01')).toBe(false)
    expect(isDateText('0999-12-31')).toBe(false)
    expect(isDateText('10000-01-01')).toBe(false)
    expect(isDateText('+010000-01-01')).toBe(false)
    expect(isDateText('9999-12-31')).toBe(true)
    expect(isDateText('1000-01-01')).toBe(true)
  })
  it('adds the one-hour pickup window, wrapping past midnight', () => {
    expect(addMinutesToTime('10:15', 60)).toBe('11:15')
    expect(addMinutesToTime('23:30', 60)).toBe('00:30')
  })
})
