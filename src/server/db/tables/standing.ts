import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { DISTRICT_NAMES } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import { LISTING_TYPES } from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf, timestamps } from './columns'
import { listings, offeredFood, type SafetyChecklist } from './listings'

/**
 * Food on a schedule: a donor's standing offer, its takers, its occurrences and each taker's part of
 * each occurrence (DESIGN.md §4 item 25, docs/decisions/0068-standing-arrangements.md).
 */
export const standingOffers = pg.pgTable(
  'standing_offers',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    ...offeredFood(),
    /** The typical quantity of an occurrence. */
    quantity: pg.integer('quantity').notNull(),
    type: pg.text('type').notNull(),
    price: pg.integer('price').notNull().default(0),
    dietary: pg.text('dietary').array().notNull().default(sql`'{}'::text[]`),
    allergens: pg.text('allergens').array().notNull().default(sql`'{}'::text[]`),
    preparationNotes: pg.text('preparation_notes'),
    storage: pg.text('storage'),
    /** mon ... sun (src/shared/standing.ts). */
    days: pg.text('days').array().notNull(),
    windowStart: pg.text('window_start').notNull(),
    windowEnd: pg.text('window_end').notNull(),
    pickupAddress: pg.text('pickup_address').notNull(),
    pickupCity: pg.text('pickup_city').notNull(),
    pickupDistrict: pg.text('pickup_district').notNull(),
    pickupPoint: pg.jsonb('pickup_point').$type<Point>(),
    safetyChecklist: pg.jsonb('safety_checklist').$type<SafetyChecklist>().notNull(),
    startsOn: pg.date('starts_on').notNull(),
    endsOn: pg.date('ends_on'),
    /** Paused until this date: its occurrences happen again from it on. */
    pausedUntil: pg.date('paused_until'),
    endedAt: pg.timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.index('standing_offers_donor_idx').on(t.donorId),
    pg.index('standing_offers_district_idx').on(t.pickupDistrict),
    pg.check('standing_offers_quantity_check', sql`${t.quantity} between 1 and 10000`),
    pg.check('standing_offers_type_check', oneOf(sql`${t.type}`, LISTING_TYPES)),
  ],
)

export const standingTakers = pg.pgTable(
  'standing_takers',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerId: pg
      .uuid('offer_id')
      .notNull()
      .references(() => standingOffers.id, { onDelete: 'cascade' }),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: pg.integer('quantity').notNull(),
    /** active, paused (two misses in a row) or left. */
    status: pg.text('status').notNull().default('active'),
    joinedAt: pg.timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('standing_takers_offer_user_idx').on(t.offerId, t.userId),
    pg.index('standing_takers_user_idx').on(t.userId),
  ],
)

/**
 * A standing taker asks for the food to be brought: where to, as the delivery dialog asks. Each
 * posted day's order then carries a delivery (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDropOffs = pg.pgTable(
  'standing_drop_offs',
  {
    takerId: pg
      .uuid('taker_id')
      .primaryKey()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    address: pg.text('address').notNull(),
    city: pg.text('city').notNull(),
    district: pg.text('district').notNull(),
    postalCode: pg.text('postal_code'),
    phone: pg.text('phone').notNull(),
    specialInstructions: pg.text('special_instructions'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.check('standing_drop_offs_district_check', oneOf(sql`${t.district}`, DISTRICT_NAMES))],
)

/**
 * A volunteer who takes some of a standing taker's days (a volunteer who takes Tuesdays): each of
 * those days' deliveries is theirs when it posts. One volunteer per day while not ended, kept by
 * the service under the taker's row lock (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDeliveries = pg.pgTable(
  'standing_deliveries',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    takerId: pg
      .uuid('taker_id')
      .notNull()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    volunteerId: pg
      .text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mon ... sun, a subset of the offer's days. */
    days: pg.text('days').array().notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: pg.timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('standing_deliveries_taker_idx').on(t.takerId),
    pg.index('standing_deliveries_volunteer_idx').on(t.volunteerId),
  ],
)

/** One row per offer and date once anything happened to it: the sweep's and the donor's claim on it. */
export const standingOccurrences = pg.pgTable(
  'standing_occurrences',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerId: pg
      .uuid('offer_id')
      .notNull()
      .references(() => standingOffers.id, { onDelete: 'cascade' }),
    date: pg.date('date').notNull(),
    /** asked, posted or skipped. */
    status: pg.text('status').notNull(),
    quantity: pg.integer('quantity'),
    listingId: pg.uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    askedAt: pg.timestamp('asked_at', { withTimezone: true }),
    postedAt: pg.timestamp('posted_at', { withTimezone: true }),
    /** Nobody answered: the typical quantity was posted. */
    postedByDefault: pg.boolean('posted_by_default').notNull().default(false),
  },
  (t) => [pg.uniqueIndex('standing_occurrences_offer_date_idx').on(t.offerId, t.date)],
)

/** A taker's part of one occurrence: their order, or their skip. */
export const standingReservations = pg.pgTable(
  'standing_reservations',
  {
    takerId: pg
      .uuid('taker_id')
      .notNull()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    date: pg.date('date').notNull(),
    orderKind: pg.text('order_kind'),
    orderId: pg.uuid('order_id'),
    skipped: pg.boolean('skipped').notNull().default(false),
  },
  (t) => [pg.primaryKey({ columns: [t.takerId, t.date] })],
)
