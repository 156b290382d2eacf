/** Organizing a community event: creating, changing and cancelling it; its attendees and district hear. */
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { Event, EventData } from '../../../shared/schemas/community-events'
import type { Database, Transaction } from '../../db/client'
import { eventAttendees, events } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import type { Change } from '../../platform/domain-events'
import { conflict, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { attendeesOf, changedForAttendees, eventCreatedNotices } from './announcements'

/** An event's column values from its input: the venue's point in two (left out: unchanged). */
function eventValues({ point, ...input }: EventData) {
  return point === undefined ? input : { ...input, lat: point?.lat ?? null, lng: point?.lng ?? null }
}

/** Every page listing events reads them again. */
export const EVENTS_CHANGED: Change[] = [{ table: 'events' }]

export type Person = Actor & { name: string; email: string }

/** What the e-mails of an event's notices say of it (features/community-events/announcements.ts). */
function factsOf(id: string, event: Pick<EventData, 'title' | 'startsAt' | 'address' | 'city'>) {
  return {
    eventId: id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    address: event.address,
    city: event.city,
  }
}

/** The event, locked until the change commits, when `actor` may edit it (its organizer); else 404 or 403. */
async function eventToEdit(tx: Transaction, actor: Actor, id: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update')
  if (!event) throw notFound('events.errors.notFound')
  authorize(actor, 'event.edit', event)
  return event
}

/** Creates an event; the users of its district who asked to hear of new events are told. */
export async function createEvent(db: Database, organizer: Person, input: EventData): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...eventValues(input), organizerId: organizer.id })
      .returning({ id: events.id })
    const id = row!.id
    await recordEvents(tx, {
      type: 'communityEvent.created',
      payload: factsOf(id, input),
      notices: await eventCreatedNotices(tx, id, input, organizer),
      changes: EVENTS_CHANGED,
    })
    return id
  })
}

/**
 * Replaces an event's fields; only its organizer may. A maximum below the current count is refused.
 * Its attendees are told when what they came for changed (`before` is the event as it was).
 */
export async function updateEvent(
  db: Database,
  actor: Actor,
  id: string,
  input: EventData,
  before: Event,
): Promise<void> {
  await db.transaction(async (tx) => {
    await eventToEdit(tx, actor, id)
    if (input.maxAttendees !== null) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, id))
      if (Number(count) > input.maxAttendees) {
        throw conflict('events.errors.maxBelowAttendees', { count: Number(count) })
      }
    }
    await tx
      .update(events)
      .set({ ...eventValues(input), updatedAt: new Date() })
      .where(eq(events.id, id))
    const attendees = changedForAttendees(before, input) ? await attendeesOf(tx, id) : []
    await recordEvents(tx, {
      type: 'communityEvent.updated',
      payload: factsOf(id, input),
      notices: attendeeNotices(attendees, 'event_updated', id, input.title),
      changes: EVENTS_CHANGED,
    })
  })
}

/** The attendees' bells for a change to the event they joined, naming it by its title. */
function attendeeNotices(
  attendees: string[],
  type: 'event_updated' | 'event_cancelled',
  id: string,
  title: string,
) {
  return attendees.map((userId) => ({ userId, type, params: { title }, relatedId: id }))
}

/** Cancels (deletes) an event, its organizer only; its attendees are told. */
export async function cancelEvent(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await eventToEdit(tx, actor, id)
    const attendees = await attendeesOf(tx, id)
    await tx.delete(events).where(eq(events.id, id))
    await recordEvents(tx, {
      type: 'communityEvent.cancelled',
      payload: factsOf(id, event),
      notices: attendeeNotices(attendees, 'event_cancelled', id, event.title),
      changes: EVENTS_CHANGED,
    })
  })
}
