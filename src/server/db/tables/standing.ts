import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
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
export const standingOffers = pgTable(
  'standing_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...offeredFood(),
    /** The typical quantity of an occurrence. */
    quantity: integer('quantity').notNull(),
    type: text('type').notNull(),
    price: integer('price').notNull().default(0),
    dietary: text('dietary').array().notNull().default(sql`'{}'::text[]`),
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    preparationNotes: text('preparation_notes'),
    storage: text('storage'),
    /** mon ... sun (src/shared/standing.ts). */
    days: text('days').array().notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    pickupCity: text('pickup_city').notNull(),
    pickupDistrict: text('pickup_district').notNull(),
    pickupPoint: jsonb('pickup_point').$type<Point>(),
    safetyChecklist: jsonb('safety_checklist').$type<SafetyChecklist>().notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** Paused until this date: its occurrences happen again from it on. */
    pausedUntil: date('paused_until'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('standing_offers_donor_idx').on(t.donorId),
    index('standing_offers_district_idx').on(t.pickupDistrict),
    check('standing_offers_quantity_check', sql`${t.quantity} between 1 and 10000`),
    check('standing_offers_type_check', oneOf(sql`${t.type}`, LISTING_TYPES)),
  ],
)

export const standingTakers = pgTable(
  'standing_takers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => standingOffers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** active, paused (two misses in a row) or left. */
    status: text('status').notNull().default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standing_takers_offer_user_idx').on(t.offerId, t.userId),
    index('standing_takers_user_idx').on(t.userId),
  ],
)

/**
 * A standing taker asks for the food to be brought: where to, as the delivery dialog asks. Each
 * posted day's order then carries a delivery (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDropOffs = pgTable(
  'standing_drop_offs',
  {
    takerId: uuid('taker_id')
      .primaryKey()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    postalCode: text('postal_code'),
    phone: text('phone').notNull(),
    specialInstructions: text('special_instructions'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('standing_drop_offs_district_check', oneOf(sql`${t.district}`, DISTRICT_NAMES))],
)

/**
 * A volunteer who takes some of a standing taker's days (a volunteer who takes Tuesdays): each of
 * those days' deliveries is theirs when it posts. One volunteer per day while not ended, kept by
 * the service under the taker's row lock (docs/decisions/0069-standing-deliveries.md).
 */
export const standingDeliveries = pgTable(
  'standing_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    takerId: uuid('taker_id')
      .notNull()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    volunteerId: text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mon ... sun, a subset of the offer's days. */
    days: text('days').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('standing_deliveries_taker_idx').on(t.takerId),
    index('standing_deliveries_volunteer_idx').on(t.volunteerId),
  ],
)

/** One row per offer and date once anything happened to it: the sweep's and the donor's claim on it. */
export const standingOccurrences = pgTable(
  'standing_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => standingOffers.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** asked, posted or skipped. */
    status: text('status').notNull(),
    quantity: integer('quantity'),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** Nobody answered: the typical quantity was posted. */
    postedByDefault: boolean('posted_by_default').notNull().default(false),
  },
  (t) => [uniqueIndex('standing_occurrences_offer_date_idx').on(t.offerId, t.date)],
)

/** A taker's part of one occurrence: their order, or their skip. */
export const standingReservations = pgTable(
  'standing_reservations',
  {
    takerId: uuid('taker_id')
      .notNull()
      .references(() => standingTakers.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    orderKind: text('order_kind'),
    orderId: uuid('order_id'),
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.takerId, t.date] })],
)
