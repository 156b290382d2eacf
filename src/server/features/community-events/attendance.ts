/** Joining and leaving a community event, within its places. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { eventAttendees, events } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { conflict, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { EVENTS_CHANGED, type Person } from './organizing'

/** Whether the user's attendance changed (joining twice, or leaving an event not joined, does not). */
type AttendanceChange = { changed: boolean }

/**
 * Adds the user to an event. The event row is locked (FOR UPDATE) so concurrent joins are counted one
 * after another, and the insert itself only happens while the count is below the maximum: a full
 * event answers 409 'This event is full.'. Joining twice changes nothing.
 */
export async function joinEvent(db: Database, actor: Person, eventId: string): Promise<AttendanceChange> {
  const userId = actor.id
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select(columnsOf(events, 'id', 'title', 'organizerId', 'startsAt'))
      .from(events)
      .where(and(eq(events.id, eventId), isNull(events.hiddenAt)))
      .for('update')
    if (!event) throw notFound('events.errors.notFound')
    authorize(actor, 'event.attend', event)
    if (event.startsAt.getTime() < Date.now()) throw conflict('events.errors.alreadyStarted')
    // The insert happens only while the event has room, judged under the lock taken above.
    const hasRoom = or(
      isNull(events.maxAttendees),
      lt(tx.$count(eventAttendees, eq(eventAttendees.eventId, eventId)), events.maxAttendees),
    )
    const inserted = await tx
      .insert(eventAttendees)
      .select(
        tx
          .select({
            eventId: events.id,
            userId: sql<string>`${userId}`.as('user_id'),
            joinedAt: sql<Date>`now()`.as('joined_at'),
          })
          .from(events)
          .where(and(eq(events.id, eventId), hasRoom)),
      )
      .onConflictDoNothing()
      .returning({ userId: eventAttendees.userId })
    if (inserted.length > 0) {
      const params = { actor: actor.name || actor.email, title: event.title }
      await recordEvents(tx, {
        type: 'communityEvent.joined',
        payload: { eventId, userId },
        notices: [
          { userId: event.organizerId, type: 'event_joined', params, relatedId: eventId },
          { userId, type: 'event_joined_confirmation', params, relatedId: eventId },
        ],
        changes: EVENTS_CHANGED,
      })
      return { changed: true }
    }
    const [already] = await tx
      .select({ userId: eventAttendees.userId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    if (already) return { changed: false }
    throw conflict('events.errors.full')
  })
}

/** Removes the user from an event; when they did not attend nothing changes (the count never drops below 0). */
export async function leaveEvent(db: Database, actor: Person, eventId: string): Promise<AttendanceChange> {
  const [event] = await db
    .select(columnsOf(events, 'id', 'title', 'organizerId'))
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) throw notFound('events.errors.notFound')
  authorize(actor, 'event.attend', event)
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, actor.id)))
      .returning({ userId: eventAttendees.userId })
    if (deleted.length === 0) return { changed: false }
    await recordEvents(tx, {
      type: 'communityEvent.left',
      payload: { eventId, userId: actor.id },
      notices: [
        {
          userId: event.organizerId,
          type: 'event_left',
          params: { actor: actor.name || actor.email, title: event.title },
          relatedId: eventId,
        },
      ],
      changes: EVENTS_CHANGED,
    })
    return { changed: true }
  })
}
