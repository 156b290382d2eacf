import type { DeletionConfirmation } from '../../../shared/schemas/my-data'
import type {
  NotificationPreferencesUpdate,
  NotificationPreferences as Preferences,
} from '../../../shared/schemas/notification-preferences'
import type { PushPublicKey, PushSubscriptionList } from '../../../shared/schemas/push'
import type { RatingSummary } from '../../../shared/schemas/ratings'
import type { CalendarFeed, Me } from '../../../shared/schemas/users'
import { api } from '../../lib/api'
import { PUSH_DEVICES_PATH } from '../../lib/push'

/** The own-data download (docs/decisions/0039-own-data.md): a link, so the browser saves the file. */
export const DATA_PATH = '/api/me/data'
const DELETION_PATH = '/api/me/deletion'
const PREFERENCES_PATH = '/api/me/notification-preferences'
const FEED_PATH = '/api/me/calendar-feed'

export const preferencesKey = ['me', 'notification-preferences'] as const
export const calendarFeedKey = ['me', 'calendar-feed'] as const

/** The profile's own reads and writes of the API. */
export const profileApi = {
  deletion: () => api<DeletionConfirmation>(DELETION_PATH),
  deleteAccount: (body: { password: string } | { email: string }) =>
    api<void>(DELETION_PATH, { method: 'POST', body }),
  preferences: () => api<Preferences>(PREFERENCES_PATH),
  savePreferences: (body: NotificationPreferencesUpdate) =>
    api<Preferences>(PREFERENCES_PATH, { method: 'PUT', body }),
  calendarFeed: () => api<CalendarFeed>(FEED_PATH),
  /** Makes a new feed link (POST, shown once) or stops the feed (DELETE, no answer). */
  changeCalendarFeed: (method: 'POST' | 'DELETE') => api<CalendarFeed | null>(FEED_PATH, { method }),
  pushPublicKey: () => api<PushPublicKey>('/api/push/public-key'),
  pushDevices: () => api<PushSubscriptionList>(PUSH_DEVICES_PATH),
  sendPhoneCode: () =>
    api<{ phone: string; expiresAt: string }>('/api/me/phone-verification', { method: 'POST' }),
  confirmPhoneCode: (body: { code: string }) =>
    api<Me>('/api/me/phone-verification/confirm', { method: 'POST', body }),
  rating: (userId: string) => api<RatingSummary>(`/api/users/${encodeURIComponent(userId)}/rating`),
  updateMe: (body: object) => api<Me>('/api/me', { method: 'PATCH', body }),
  setPhoto: (url: string) => api<Me>('/api/me/photo', { method: 'PUT', body: { url } }),
}
