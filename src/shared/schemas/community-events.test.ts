import { describe, expect, it } from 'vitest'
import { parseEventDateTime } from './community-events'

describe('parseEventDateTime', () => {
  it('reads a datetime-local value as Sri Lanka time, and a full ISO instant as given', () => {
    expect(parseEventDateTime('2026-12-01T10:00')?.toISOString()).toBe('2026-12-01T04:30:00.000Z')
    expect(parseEventDateTime('2026-12-01T10:00:30')?.toISOString()).toBe('2026-12-01T04:30:30.000Z')
    expect(parseEventDateTime('2026-12-01T04:30:00.000Z')?.toISOString()).toBe('2026-12-01T04:30:00.000Z')
    expect(parseEventDateTime('2026-12-01T10:00+05:30')?.toISOString()).toBe('2026-12-01T04:30:00.000Z')
  })
  it.each([
    '2026-02-30T10:00',
    '2027-02-29T10:00',
    '2026-12-01T24:00',
    '0000-01-01T10:00',
    '10000-01-01T10:00',
    '+010000-01-01T10:00:00Z',
    // Year 10000 in UTC, although it is still 9999 at the given offset.
    '9999-12-31T23:59:59-05:00',
    '2026-12-01',
    '2026-12-01T10:00+25:00',
    ' 2026-12-01T10:00',
  ])('refuses %s', (value) => {
    expect(parseEventDateTime(value)).toBeNull()
  })
})
