import { describe, expect, it } from 'vitest'
import { isPublicRead } from './offline-cache'

describe('isPublicRead: what the service worker may keep for offline browsing', () => {
  it.each([
    '/api/listings',
    '/api/listings/cities',
    '/api/listings/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10',
    '/api/home',
    '/api/impact',
    '/api/categories',
    '/api/auth-options',
    '/api/stories',
    '/api/events',
    '/api/events/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10',
    '/api/community/leaderboard',
    '/api/community/volunteers',
  ])('keeps the public read %s', (path) => {
    expect(isPublicRead(path)).toBe(true)
  })

  it.each([
    '/api/me',
    '/api/me/photo',
    '/api/dashboard/donor',
    '/api/dashboard/recipient',
    '/api/dashboard/volunteer',
    '/api/notifications',
    '/api/claims',
    '/api/food-requests',
    '/api/deliveries',
    '/api/deliveries/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10',
    '/api/orders/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10',
    '/api/events/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10/attendees',
    '/api/listings/5f0c2a3e-8a55-4c53-9d2b-0e5b7c1d2f10/food-requests',
    '/api/stream',
    '/api/dev/mailbox',
    '/api/homepage',
  ])('never keeps %s', (path) => {
    expect(isPublicRead(path)).toBe(false)
  })
})
