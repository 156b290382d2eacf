import { describe, expect, it } from 'vitest'
import { isCurrentPage } from './nav-links'

describe('isCurrentPage', () => {
  it('marks a link on its own path and the pages below it', () => {
    expect(isCurrentPage('/find-food', '/find-food')).toBe(true)
    expect(isCurrentPage('/community/events/1', '/community')).toBe(true)
  })

  it('marks home only on itself, and never a path that merely starts alike', () => {
    expect(isCurrentPage('/', '/')).toBe(true)
    expect(isCurrentPage('/find-food', '/')).toBe(false)
    expect(isCurrentPage('/donate-later', '/donate')).toBe(false)
  })
})
