/**
 * Who hears of an event: its district's subscribers when it is new, its attendees when it changes;
 * and the e-mail that tells them when and where, from the event's payload.
 */
import { eq } from 'drizzle-orm'
import type { Event, EventData } from '../../../shared/schemas/community-events'
import type { Database } from '../../db/client'
import { eventAttendees } from '../../db/schema'
import type { NewNotification } from '../../platform/domain-events'
import { defaultMail, type MailRenderer, type MailRenderers } from '../notifications/service'
import { optedInUserIds } from '../users/service'

/** A new event goes to the users of its district who asked to hear of new events (off by default). */
export async function eventCreatedNotices(
  db: Database,
  id: string,
  event: Pick<EventData, 'title' | 'city' | 'district'>,
  organizer: { id: string; name: string },
): Promise<NewNotification[]> {
  if (!event.district) return []
  const userIds = await optedInUserIds(db, 'event_created', event.district, organizer.id)
  const params = { title: event.title, city: event.city, organizer: organizer.name }
  return userIds.map((userId) => ({ userId, type: 'event_created', params, relatedId: id }))
}

/** What attendees are told of: the title, the description, the time or the place changed. */
export function changedForAttendees(before: Event, after: EventData): boolean {
  return (
    before.title !== after.title ||
    before.description !== after.description ||
    new Date(before.startsAt).getTime() !== after.startsAt.getTime() ||
    before.address !== after.address ||
    before.city !== after.city ||
    before.district !== after.district
  )
}

export async function attendeesOf(db: Database, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId))
  return rows.map((row) => row.userId)
}

/** The event's date, time and place under the message. */
const eventMail: MailRenderer = (context) => {
  const { t, type, params, frame, event } = context
  if (event.type !== 'communityEvent.created' && event.type !== 'communityEvent.updated')
    return defaultMail(context)
  const details = t('mail.notification.eventDetails', {
    when: context.formatDateTime(new Date(event.payload.startsAt)),
    where: [event.payload.address, event.payload.city].join(', '),
  })
  return {
    subject: t(`notifications.${type}.title`, params),
    text: frame(`${t(`notifications.${type}.message`, params)}\n\n${details}`),
  }
}

/** The events feature's own e-mails. */
export const eventMails: MailRenderers = { event_created: eventMail, event_updated: eventMail }
