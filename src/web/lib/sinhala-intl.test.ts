import { describe, expect, it } from 'vitest'
import { intlSupports, sinhalaDate } from './sinhala-intl'

// Node ships full ICU: its Sinhala is the reference the fallback must match.
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'full' },
  { dateStyle: 'long' },
  { dateStyle: 'medium' },
  { dateStyle: 'short' },
  { dateStyle: 'medium', timeStyle: 'short' },
  { hour: 'numeric', minute: '2-digit' },
  { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' },
  { weekday: 'long' },
  { month: 'long', year: 'numeric' },
  { day: 'numeric', month: 'short' },
  { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Colombo' },
  { month: 'short', year: '2-digit' },
  { month: 'short', year: 'numeric' },
  { month: 'short', timeZone: 'Asia/Colombo' },
  { day: 'numeric', timeZone: 'Asia/Colombo' },
  { timeStyle: 'short', timeZone: 'Asia/Colombo' },
  { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
]
const DATES = [
  new Date(2026, 10, 1, 18, 5),
  new Date(2027, 0, 9, 9, 0),
  new Date(2026, 6, 23, 0, 30),
  // 23:40 UTC: already the next day in Colombo.
  new Date(Date.UTC(2026, 11, 31, 23, 40)),
]

describe('sinhalaDate', () => {
  it.each(OPTIONS)('matches Intl si-LK for %j', (options) => {
    expect(intlSupports('si-LK')).toBe(true)
    for (const date of DATES) {
      expect(sinhalaDate(date, options)).toBe(new Intl.DateTimeFormat('si-LK', options).format(date))
    }
  })
})
