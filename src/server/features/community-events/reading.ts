/** Community events as their viewers see them: upcoming ones, one event, and its attendees. */
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { EventKind } from '../../../shared/reference-data'
import type { Attendee, Event } from '../../../shared/schemas/community-events'
import { pointOf } from '../../../shared/schemas/point'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { eventAttendees, events, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { notFound } from '../../platform/errors'

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

/** Name, e-mail and role of each attendee, for the organizer only. */
export async function listAttendees(db: Database, actor: Actor, eventId: string): Promise<Attendee[]> {
  const [event] = await db
    .select({ organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) throw notFound('events.errors.notFound')
  authorize(actor, 'event.seeAttendees', event)
  const rows = await db
    .select({ ...columnsOf(users, 'id', 'name', 'email', 'role'), joinedAt: eventAttendees.joinedAt })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(eq(eventAttendees.eventId, eventId))
    .orderBy(asc(eventAttendees.joinedAt), asc(users.name))
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }))
}
