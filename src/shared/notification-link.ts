import type { NotificationType } from './reference-data'

/**
 * The page a notification is about, for its e-mail's link and its push's tap: the community's
 * events, the listing offered first to an organisation (`relatedId`), the donor's dashboard for a
 * collection check, or the recipient's own dashboard.
 */
export function notificationPath(type: NotificationType, role: string | null, relatedId: string): string {
  if (type.startsWith('event_')) return '/community?tab=events'
  if (type === 'first_refusal_offer') return `/listings/${relatedId}`
  if (type === 'collection_check') return '/dashboard/donor'
  return role === 'donor' || role === 'recipient' || role === 'volunteer' ? `/dashboard/${role}` : '/'
}
