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
]
const DATES = [new Date(2026, 10, 1, 18, 5), new Date(2027, 0, 9, 9, 0), new Date(2026, 6, 23, 0, 30)]

describe('sinhalaDate', () => {
  it.each(OPTIONS)('matches Intl si-LK for %j', (options) => {
    expect(intlSupports('si-LK')).toBe(true)
    for (const date of DATES) {
      expect(sinhalaDate(date, options)).toBe(new Intl.DateTimeFormat('si-LK', options).format(date))
    }
  })
})
