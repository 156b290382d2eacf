import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { DELIVERY_STATUSES } from '../../../shared/reference-data'
import { RUN_STATUSES } from '../../../shared/schemas/runs'
import { users } from './accounts'
import { oneOf, timestamps } from './columns'
import { listings } from './listings'
import { claims, foodRequests } from './orders'

export const deliveries = pgTable(
  'delivery_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The order the delivery belongs to (a claim or a food request, by the listing's price type);
     * both null on deliveries asked for before deliveries reserved (docs/decisions/0027-delivery-is-part-of-an-order.md).
     */
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    foodRequestId: uuid('food_request_id').references(() => foodRequests.id, { onDelete: 'cascade' }),
    /** Portions carried: the order's quantity. */
    quantity: integer('quantity').notNull().default(1),
    address: text('address').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    postalCode: text('postal_code'),
    /** The exact drop-off point: its parties only. */
    dropOffLat: doublePrecision('drop_off_lat'),
    dropOffLng: doublePrecision('drop_off_lng'),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }).notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    specialInstructions: text('special_instructions'),
    urgent: boolean('urgent').notNull().default(false),
    /** LKR, computed by the server from the district table. */
    fee: integer('fee').notNull(),
    status: text('status').notNull().default('pending'),
    volunteerId: text('volunteer_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set by the reminder sweep when it claims the reminder, so it is sent once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('delivery_requests_status_check', oneOf(sql`${t.status}`, DELIVERY_STATUSES)),
    check('delivery_requests_district_check', oneOf(sql`${t.district}`, DISTRICT_NAMES)),
    check('delivery_requests_fee_check', sql`${t.fee} > 0`),
    check('delivery_requests_quantity_check', sql`${t.quantity} >= 1`),
    check('delivery_requests_one_order_check', sql`${t.claimId} is null or ${t.foodRequestId} is null`),
    check(
      'delivery_requests_volunteer_check',
      sql`(${t.status} in ('assigned', 'in-progress', 'completed')) = (${t.volunteerId} is not null) or ${t.status} = 'cancelled'`,
    ),
    index('delivery_requests_status_district_idx').on(t.status, t.district, t.createdAt.desc()),
    index('delivery_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
    index('delivery_requests_volunteer_idx').on(t.volunteerId, t.deliveryAt),
    index('delivery_requests_listing_idx').on(t.listingId),
    uniqueIndex('delivery_requests_claim_idx').on(t.claimId),
    uniqueIndex('delivery_requests_food_request_idx').on(t.foodRequestId),
  ],
)

/**
 * A volunteer's run: several deliveries in one trip, its stops in order (run_stops). The deliveries
 * are accepted with it; it completes when its last stop is done (docs/decisions/0071-volunteer-runs.md).
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    volunteerId: text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    /** Where the volunteer set off from (private to them); null: the first pickup. */
    fromLat: doublePrecision('from_lat'),
    fromLng: doublePrecision('from_lng'),
    totalKm: doublePrecision('total_km').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('runs_status_check', oneOf(sql`${t.status}`, RUN_STATUSES)),
    check('runs_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    index('runs_volunteer_idx').on(t.volunteerId, t.createdAt.desc()),
  ],
)

/** A run's stops in order: each delivery's pickup and drop-off, when expected and when done. */
export const runStops = pgTable(
  'run_stops',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pickup' | 'dropoff'>().notNull(),
    legKm: doublePrecision('leg_km').notNull(),
    etaAt: timestamp('eta_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    check('run_stops_kind_check', sql`${t.kind} in ('pickup', 'dropoff')`),
    uniqueIndex('run_stops_delivery_kind_idx').on(t.runId, t.deliveryId, t.kind),
    index('run_stops_delivery_idx').on(t.deliveryId),
  ],
)

/**
 * One party's 1-5 rating of the other after an order or a delivery completed: donor and recipient
 * rate each other on a claim or food request, the requester rates the volunteer on a delivery. One
 * per rater and subject (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raterId: text('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: text('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    foodRequestId: uuid('food_request_id').references(() => foodRequests.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ratings_score_check', sql`${t.score} between 1 and 5`),
    check(
      'ratings_one_subject_check',
      sql`num_nonnulls(${t.claimId}, ${t.foodRequestId}, ${t.deliveryId}) = 1`,
    ),
    check('ratings_not_self_check', sql`${t.raterId} <> ${t.rateeId}`),
    uniqueIndex('ratings_claim_rater_idx').on(t.claimId, t.raterId),
    uniqueIndex('ratings_food_request_rater_idx').on(t.foodRequestId, t.raterId),
    uniqueIndex('ratings_delivery_rater_idx').on(t.deliveryId, t.raterId),
    index('ratings_ratee_idx').on(t.rateeId, t.createdAt.desc()),
    index('ratings_rater_idx').on(t.raterId, t.createdAt.desc()),
  ],
)
