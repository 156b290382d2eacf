/** Who hears of an event: its district's subscribers when it is new, its attendees when it changes. */
import { eq } from 'drizzle-orm'
import type { Event, EventData } from '../../../shared/schemas/events'
import type { Database } from '../../db/client'
import { eventAttendees } from '../../db/schema'
import type { NewNotification } from '../notifications/service'
import { optedInUserIds } from '../users/service'

/** A new event goes to the users of its district who asked to hear of new events (off by default). */
export async function eventCreatedNotices(db: Database, event: Event): Promise<NewNotification[]> {
  if (!event.district) return []
  const userIds = await optedInUserIds(db, 'event_created', event.district, event.organizer.id)
  const params = { title: event.title, city: event.city, organizer: event.organizer.name }
  return userIds.map((userId) => ({ userId, type: 'event_created', params, relatedId: event.id }))
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

export async function eventUpdatedNotices(db: Database, event: Event): Promise<NewNotification[]> {
  const attendees = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, event.id))
  return attendees.map(({ userId }) => ({
    userId,
    type: 'event_updated',
    params: { title: event.title },
    relatedId: event.id,
  }))
}
