/**
 * "Download my data": everything stored about a user, one section per feature, each read through
 * that feature's service (docs/decisions/0039-own-data.md). A feature that stores personal data adds
 * its section here. Other people appear only as the user saw them (a donor's name on an order),
 * never with their e-mail or phone.
 */
import type { Actor } from '../../../shared/actor'
import type { Database } from '../../db/client'
import { eventsExport } from '../community-events/service'
import { contactMessagesExport } from '../contact/service'
import { deliveriesExport } from '../deliveries/service'
import { listingsExport } from '../listings/service'
import { messagesExport } from '../messages/service'
import { moderationExport } from '../moderation/service'
import { notificationsExport } from '../notifications/service'
import { ordersExport } from '../orders/service'
import { organisationExport } from '../organisations/service'
import { subscriptionsOf } from '../push/service'
import { ratingsExport } from '../ratings/service'
import { runsExport } from '../runs/service'
import { smsExport } from '../sms/service'
import { storiesExport } from '../stories/service'
import { uploadsExport } from '../uploads/service'
import { preferencesExport, profileExport, sessionsExport } from '../users/service'

export type ExportSection = { name: string; read: (db: Database, user: Actor) => Promise<unknown> }

export const EXPORT_SECTIONS: ExportSection[] = [
  { name: 'profile', read: (db, user) => profileExport(db, user.id) },
  { name: 'organisation', read: (db, user) => organisationExport(db, user.id) },
  { name: 'sessions', read: (db, user) => sessionsExport(db, user.id) },
  { name: 'pushSubscriptions', read: (db, user) => subscriptionsOf(db, user.id) },
  { name: 'listings', read: (db, user) => listingsExport(db, user.id) },
  { name: 'orders', read: (db, user) => ordersExport(db, user) },
  { name: 'deliveries', read: (db, user) => deliveriesExport(db, user.id) },
  { name: 'runs', read: (db, user) => runsExport(db, user.id) },
  { name: 'notifications', read: (db, user) => notificationsExport(db, user.id) },
  { name: 'notificationPreferences', read: (db, user) => preferencesExport(db, user.id) },
  { name: 'sms', read: (db, user) => smsExport(db, user.id) },
  { name: 'messages', read: (db, user) => messagesExport(db, user.id) },
  { name: 'stories', read: (db, user) => storiesExport(db, user.id) },
  { name: 'events', read: (db, user) => eventsExport(db, user.id) },
  { name: 'contactMessages', read: (db, user) => contactMessagesExport(db, user.id) },
  { name: 'uploads', read: (db, user) => uploadsExport(db, user.id) },
  { name: 'ratings', read: (db, user) => ratingsExport(db, user.id) },
  { name: 'moderation', read: (db, user) => moderationExport(db, user.id) },
]

export const EXPORT_FORMAT = 'ahara-personal-data/1'

/** The whole export, sections in a fixed order; read one after another (the pool is small). */
export async function exportPersonalData(db: Database, user: Actor) {
  const sections: Record<string, unknown> = {}
  for (const section of EXPORT_SECTIONS) sections[section.name] = await section.read(db, user)
  return { format: EXPORT_FORMAT, exportedAt: new Date().toISOString(), userId: user.id, ...sections }
}
