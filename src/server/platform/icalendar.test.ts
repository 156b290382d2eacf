import { describe, expect, it } from 'vitest'
import { calendarFile } from './icalendar'

const event = (summary: string) => ({
  uid: 'order-1',
  start: new Date('2026-11-24T12:30:00Z'),
  end: new Date('2026-11-24T13:00:00Z'),
  summary,
  location: 'Colombo',
  description: 'Pickup',
  url: 'https://ahara.test/orders/1',
  status: 'CONFIRMED' as const,
})

describe('calendar text', () => {
  it.each([
    ['a bare CR', 'Big pot\rEND:VEVENT\rBEGIN:VEVENT'],
    ['a bare LF', 'Big pot\nEND:VEVENT\nBEGIN:VEVENT'],
    ['CRLF', 'Big pot\r\nEND:VEVENT\r\nBEGIN:VEVENT'],
  ])('a title with %s stays one escaped line of one event', (_, summary) => {
    const file = calendarFile([event(summary)])
    const lines = file.split('\r\n')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1)
    expect(lines).toContain('SUMMARY:Big pot\\nEND:VEVENT\\nBEGIN:VEVENT')
    // No break of any kind is left inside a line.
    expect(lines.every((line) => !/[\r\n]/.test(line))).toBe(true)
  })
})
