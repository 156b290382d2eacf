/**
 * A user's private calendar subscription (webcal) of their upcoming pickups and deliveries, and their
 * standing arrangements as recurring events (docs/decisions/0047-pickup-codes.md, 0068). The token is shown once; only its SHA-256 is kept, a new
 * one replaces it and stopping deletes it. The feed is read with the token alone, as the user sees
 * each order and delivery.
 */
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { ORDER_KINDS } from '../../../shared/orders'
import type { DeliveryStatus, Role } from '../../../shared/reference-data'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { calendarFeeds, users } from '../../db/schema'
import { notFound } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import { type CalendarEvent, calendarFile } from '../../platform/icalendar'
import { deliveryCalendarEvent, getVisibleDelivery, listDeliveries } from '../deliveries/service'
import { listOrders, orderCalendarEvent } from '../orders/service'
import { standingCalendarEvents } from '../standing-offers/service'

/** The lists the feed reads, a page of 100 at a time, at most 1,000 of each. */
const PAGE = 100
const MAX_PAGES = 10

async function everyPage<T>(read: (page: number) => Promise<{ items: T[]; hasMore: boolean }>) {
  const all: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, hasMore } = await read(page)
    all.push(...items)
    if (!hasMore) break
  }
  return all
}
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The feed's address: https for copying, webcal:// for the calendar app to subscribe. */
export function feedUrls(publicUrl: string, token: string) {
  const url = `${publicUrl}/api/calendar/${token}/ahara.ics`
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') }
}

export async function calendarFeedStatus(db: Database, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null }
}

/** A new token for the user's feed (the old one stops working); the only time it is told. */
export async function newCalendarFeed(db: Database, userId: string, publicUrl: string) {
  const token = randomBytes(24).toString('base64url')
  const createdAt = new Date()
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashOf(token), createdAt } })
  return { ...feedUrls(publicUrl, token), active: true, createdAt: createdAt.toISOString() }
}

export async function stopCalendarFeed(db: Database, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

const isUnderWay = (delivery: { status: DeliveryStatus }) =>
  delivery.status !== 'completed' && delivery.status !== 'cancelled'

/** The feed of the token's user: pickups not over yet and deliveries under way. 404 for an unknown token. */
export async function calendarFeedFile(db: Database, token: string, publicUrl: string, now = new Date()) {
  const [user] = await db
    .select(columnsOf(users, 'id', 'name', 'email', 'role', 'district', 'isVerified', 'language'))
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)))
  if (!user) throw notFound()
  const reader = { ...user, role: user.role as Role | null }

  const events: CalendarEvent[] = []
  for (const kind of ORDER_KINDS) {
    for (const as of ['requester', 'donor'] as const) {
      const orders = await everyPage((page) => listOrders(db, kind, reader, as, page, PAGE))
      for (const order of orders) {
        if (order.status !== 'pending' && order.status !== 'confirmed') continue
        // An order with a delivery is in the feed as its delivery: the requester's are listed below;
        // the donor's are read here, as the donor sees them (the volunteer comes to collect).
        if (order.delivery && as === 'donor' && isUnderWay(order.delivery)) {
          const delivery = await getVisibleDelivery(db, order.delivery.id, reader)
          events.push(deliveryCalendarEvent(delivery, reader, publicUrl))
        }
        if (order.delivery) continue
        const event = orderCalendarEvent(order, reader, publicUrl)
        if (event.end > now) events.push(event)
      }
    }
  }
  for (const as of ['volunteer', 'requester'] as const) {
    const deliveries = await everyPage((page) => listDeliveries(db, reader, as, page, PAGE))
    for (const delivery of deliveries) {
      if (!isUnderWay(delivery)) continue
      events.push(deliveryCalendarEvent(delivery, reader, publicUrl))
    }
  }
  events.push(...(await standingCalendarEvents(db, reader, publicUrl, now)))
  events.sort((a, b) => a.start.getTime() - b.start.getTime())
  return calendarFile(events, now, translator(reader.language)('mail.calendar.feedName'))
}
