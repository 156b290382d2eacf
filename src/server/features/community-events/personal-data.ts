/** A user's events in their data export, and what deleting the account does to them (docs/decisions/0039-own-data.md). */
import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { eventAttendees, events, users } from '../../db/schema'
import type { NewNotification } from '../notifications/service'

/** The events the user organised and those they joined (with their organiser's public name). */
export async function eventsExport(db: Database, userId: string) {
  const [organised, joined] = await Promise.all([
    db.select().from(events).where(eq(events.organizerId, userId)).orderBy(desc(events.startsAt)),
    db
      .select({
        eventId: events.id,
        ...columnsOf(events, 'title', 'startsAt', 'city'),
        organizerName: users.name,
        joinedAt: eventAttendees.joinedAt,
      })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .innerJoin(users, eq(users.id, events.organizerId))
      .where(eq(eventAttendees.userId, userId))
      .orderBy(desc(events.startsAt)),
  ])
  return { organised, joined }
}

/**
 * Deleting an organiser cancels their upcoming events (nobody would run them) and tells the
 * attendees; past ones stay, without their photos. The user's seats at others' upcoming events are
 * freed; past attendance stays as a count.
 */
export async function endEventsOf(tx: Transaction, userId: string): Promise<NewNotification[]> {
  const now = new Date()
  const upcoming = await tx
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.organizerId, userId), gt(events.startsAt, now)))
  const notifications: NewNotification[] = []
  if (upcoming.length > 0) {
    const ids = upcoming.map((e) => e.id)
    const attendees = await tx
      .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId })
      .from(eventAttendees)
      .where(inArray(eventAttendees.eventId, ids))
    for (const attendee of attendees) {
      const event = upcoming.find((e) => e.id === attendee.eventId)!
      notifications.push({
        userId: attendee.userId,
        type: 'event_cancelled',
        params: { title: event.title },
        relatedId: event.id,
      })
    }
    await tx.delete(events).where(inArray(events.id, ids))
  }
  await tx.update(events).set({ imageUrl: null, updatedAt: now }).where(eq(events.organizerId, userId))
  const joinedUpcoming = tx.select({ id: events.id }).from(events).where(gt(events.startsAt, now))
  await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.userId, userId), inArray(eventAttendees.eventId, joinedUpcoming)))
  return notifications
}
