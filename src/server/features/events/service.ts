import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/policy'
import type { EventKind } from '../../../shared/reference-data'
import type { Attendee, Event, EventData } from '../../../shared/schemas/events'
import { pointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { eventAttendees, events, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import type { Change } from '../../platform/domain-events'
import { conflict, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { attendeesOf, changedForAttendees, eventCreatedNotices } from './announcements'

type EventRow = typeof events.$inferSelect

const attendeeCount = sql<number>`(select count(*)::int from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id})`

function attendingBy(viewerId: string | undefined) {
  return viewerId
    ? sql<boolean>`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.userId} = ${viewerId})`
    : sql<boolean>`false`
}

function selection(viewerId: string | undefined) {
  return {
    event: events,
    organizerName: users.name,
    attendeeCount,
    attending: attendingBy(viewerId),
  }
}

/** An event's columns from its input: the venue's point in two (left out: unchanged). */
function columnsOf({ point, ...input }: EventData) {
  return point === undefined ? input : { ...input, lat: point?.lat ?? null, lng: point?.lng ?? null }
}

function toEvent(
  row: { event: EventRow; organizerName: string; attendeeCount: number; attending: boolean },
  viewerId: string | undefined,
): Event {
  const e = row.event
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    address: e.address,
    city: e.city,
    district: e.district,
    point: pointOf(e.lat, e.lng),
    maxAttendees: e.maxAttendees,
    imageUrl: e.imageUrl,
    organizer: { id: e.organizerId, name: row.organizerName },
    kind: e.kind as Event['kind'],
    volunteersWanted: e.volunteersWanted,
    attendeeCount: Number(row.attendeeCount),
    attending: Boolean(row.attending),
    isOrganizer: viewerId === e.organizerId,
  }
}

/** Upcoming events (not yet started), soonest first, a page at a time; optionally of one kind and district. */
export async function listUpcomingEvents(
  db: Database,
  viewerId: string | undefined,
  filter: { kind?: EventKind; district?: string },
  page: number,
  size: number,
  now = new Date(),
): Promise<{ items: Event[]; hasMore: boolean }> {
  const rows = await db
    .select(selection(viewerId))
    .from(events)
    .innerJoin(users, eq(users.id, events.organizerId))
    .where(
      and(
        gte(events.startsAt, now),
        isNull(events.hiddenAt),
        filter.kind ? eq(events.kind, filter.kind) : undefined,
        filter.district ? eq(events.district, filter.district) : undefined,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(size + 1)
    .offset((page - 1) * size)
  return { items: rows.slice(0, size).map((row) => toEvent(row, viewerId)), hasMore: rows.length > size }
}

export async function getEvent(db: Database, id: string, viewerId: string | undefined): Promise<Event> {
  const [row] = await db
    .select(selection(viewerId))
    .from(events)
    .innerJoin(users, eq(users.id, events.organizerId))
    .where(eq(events.id, id))
    .limit(1)
  // Hidden by a moderator: gone for everyone but its organizer (docs/decisions/0037-moderation.md).
  if (!row || (row.event.hiddenAt && row.event.organizerId !== viewerId))
    throw notFound('events.errors.notFound')
  return toEvent(row, viewerId)
}

/** Every page listing events reads them again. */
const EVENTS_CHANGED: Change[] = [{ table: 'events' }]

type Person = Actor & { name: string; email: string }

/** What the e-mails of an event's notices say of it (features/events/announcements.ts). */
function factsOf(id: string, event: Pick<EventData, 'title' | 'startsAt' | 'address' | 'city'>) {
  return {
    eventId: id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    address: event.address,
    city: event.city,
  }
}

/** Creates an event; the users of its district who asked to hear of new events are told. */
export async function createEvent(db: Database, organizer: Person, input: EventData): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...columnsOf(input), organizerId: organizer.id })
      .returning({ id: events.id })
    const id = row!.id
    await recordEvents(tx, {
      type: 'event.created',
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
    const [event] = await tx
      .select({ organizerId: events.organizerId })
      .from(events)
      .where(eq(events.id, id))
      .for('update')
    if (!event) throw notFound('events.errors.notFound')
    authorize(actor, 'event.edit', event)
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
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(events.id, id))
    const attendees = changedForAttendees(before, input) ? await attendeesOf(tx, id) : []
    await recordEvents(tx, {
      type: 'event.updated',
      payload: factsOf(id, input),
      notices: attendees.map((userId) => ({
        userId,
        type: 'event_updated' as const,
        params: { title: input.title },
        relatedId: id,
      })),
      changes: EVENTS_CHANGED,
    })
  })
}

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
      .select({
        id: events.id,
        title: events.title,
        organizerId: events.organizerId,
        startsAt: events.startsAt,
      })
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
        type: 'event.joined',
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
    .select({ id: events.id, title: events.title, organizerId: events.organizerId })
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
      type: 'event.left',
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

/** Name, e-mail and role of each attendee, for the organizer only. */
export async function listAttendees(db: Database, actor: Actor, eventId: string): Promise<Attendee[]> {
  const [event] = await db
    .select({ organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) throw notFound('events.errors.notFound')
  authorize(actor, 'event.seeAttendees', event)
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      joinedAt: eventAttendees.joinedAt,
    })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.joinedAt), asc(users.name))
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }))
}

/** Cancels (deletes) an event, its organizer only; its attendees are told. */
export async function cancelEvent(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        organizerId: events.organizerId,
        title: events.title,
        startsAt: events.startsAt,
        address: events.address,
        city: events.city,
      })
      .from(events)
      .where(eq(events.id, id))
      .for('update')
    if (!event) throw notFound('events.errors.notFound')
    authorize(actor, 'event.edit', event)
    const attendees = await attendeesOf(tx, id)
    await tx.delete(events).where(eq(events.id, id))
    await recordEvents(tx, {
      type: 'event.cancelled',
      payload: factsOf(id, event),
      notices: attendees.map((userId) => ({
        userId,
        type: 'event_cancelled' as const,
        params: { title: event.title },
        relatedId: id,
      })),
      changes: EVENTS_CHANGED,
    })
  })
}

export { eventMails } from './announcements'
export { endEventsOf, eventsExport } from './personal-data'
