import { describe, expect, it } from 'vitest'
import { activeSuspension, suspensionEnd } from './moderation'

const now = new Date('2026-03-01T10:00:00Z')

describe('activeSuspension', () => {
  it('is null for a user who was never suspended or whose suspension was lifted', () => {
    expect(
      activeSuspension({ suspendedAt: null, suspendedUntil: null, suspensionReason: null }, now),
    ).toBeNull()
  })

  it('holds a permanent suspension', () => {
    const state = {
      suspendedAt: new Date('2026-01-01T00:00:00Z'),
      suspendedUntil: null,
      suspensionReason: 'spam',
    }
    expect(activeSuspension(state, now)).toEqual({ reason: 'spam', until: null })
  })

  it('holds a suspension for a period until its end, and not from then on', () => {
    const until = new Date('2026-03-02T00:00:00Z')
    const state = {
      suspendedAt: new Date('2026-02-20T00:00:00Z'),
      suspendedUntil: until,
      suspensionReason: 'no-shows',
    }
    expect(activeSuspension(state, now)).toEqual({ reason: 'no-shows', until })
    expect(activeSuspension(state, until)).toBeNull()
  })
})

describe('suspensionEnd', () => {
  it('counts whole days from the start, or none for a permanent suspension', () => {
    expect(suspensionEnd(now, 7)?.toISOString()).toBe('2026-03-08T10:00:00.000Z')
    expect(suspensionEnd(now, null)).toBeNull()
  })
})
