import { describe, expect, it } from 'vitest'
import { isQuickReply, threadIsOpen } from './messages'

describe('threads', () => {
  const ended = new Date('2026-12-01T10:00:00Z')
  it('take messages until 48 hours after the order ends', () => {
    expect(threadIsOpen(null, ended)).toBe(true)
    expect(threadIsOpen(ended, new Date('2026-12-03T09:59:00Z'))).toBe(true)
    expect(threadIsOpen(ended, new Date('2026-12-03T10:00:00Z'))).toBe(false)
  })
  it('know the five quick replies only', () => {
    expect(isQuickReply('late10')).toBe(true)
    expect(isQuickReply('late20')).toBe(false)
  })
})
