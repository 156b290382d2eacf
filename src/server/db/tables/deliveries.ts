import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { DELIVERY_STATUSES } from '../../../shared/reference-data'
import { RUN_STATUSES } from '../../../shared/schemas/runs'
import { users } from './accounts'
import { oneOf, pointColumns, timestamps } from './columns'
import { listings } from './listings'
import { claims, foodRequests } from './orders'

export const deliveries = pg.pgTable(
  'delivery_requests',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    listingId: pg
      .uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    requesterId: pg
      .text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The order the delivery belongs to (a claim or a food request, by the listing's price type);
     * both null on deliveries asked for before deliveries reserved (docs/decisions/0027-delivery-is-part-of-an-order.md).
     */
    claimId: pg.uuid('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    foodRequestId: pg.uuid('food_request_id').references(() => foodRequests.id, { onDelete: 'cascade' }),
    /** Portions carried: the order's quantity. */
    quantity: pg.integer('quantity').notNull().default(1),
    address: pg.text('address').notNull(),
    city: pg.text('city').notNull(),
    district: pg.text('district').notNull(),
    postalCode: pg.text('postal_code'),
    /** The exact drop-off point: its parties only. */
    ...pointColumns('dropOff', 'drop_off'),
    deliveryAt: pg.timestamp('delivery_at', { withTimezone: true }).notNull(),
    phone: pg.text('phone').notNull(),
    email: pg.text('email'),
    specialInstructions: pg.text('special_instructions'),
    urgent: pg.boolean('urgent').notNull().default(false),
    /** LKR, computed by the server from the district table. */
    fee: pg.integer('fee').notNull(),
    status: pg.text('status').notNull().default('pending'),
    volunteerId: pg.text('volunteer_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: pg.timestamp('assigned_at', { withTimezone: true }),
    pickedUpAt: pg.timestamp('picked_up_at', { withTimezone: true }),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
    /** Set by the reminder sweep when it claims the reminder, so it is sent once. */
    reminderSentAt: pg.timestamp('reminder_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.check('delivery_requests_status_check', oneOf(sql`${t.status}`, DELIVERY_STATUSES)),
    pg.check('delivery_requests_district_check', oneOf(sql`${t.district}`, DISTRICT_NAMES)),
    pg.check('delivery_requests_fee_check', sql`${t.fee} > 0`),
    pg.check('delivery_requests_quantity_check', sql`${t.quantity} >= 1`),
    pg.check('delivery_requests_one_order_check', sql`${t.claimId} is null or ${t.foodRequestId} is null`),
    pg.check(
      'delivery_requests_volunteer_check',
      sql`(${t.status} in ('assigned', 'in-progress', 'completed')) = (${t.volunteerId} is not null) or ${t.status} = 'cancelled'`,
    ),
    pg.index('delivery_requests_status_district_idx').on(t.status, t.district, t.createdAt.desc()),
    pg.index('delivery_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
    pg.index('delivery_requests_volunteer_idx').on(t.volunteerId, t.deliveryAt),
    pg.index('delivery_requests_listing_idx').on(t.listingId),
    pg.uniqueIndex('delivery_requests_claim_idx').on(t.claimId),
    pg.uniqueIndex('delivery_requests_food_request_idx').on(t.foodRequestId),
  ],
)

/**
 * A volunteer's run: several deliveries in one trip, its stops in order (run_stops). The deliveries
 * are accepted with it; it completes when its last stop is done (docs/decisions/0071-volunteer-runs.md).
 */
export const runs = pg.pgTable(
  'runs',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    volunteerId: pg
      .text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: pg.text('status').notNull().default('active'),
    /** Where the volunteer set off from (private to them); null: the first pickup. */
    ...pointColumns('from', 'from'),
    totalKm: pg.doublePrecision('total_km').notNull(),
    totalMinutes: pg.integer('total_minutes').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('runs_status_check', oneOf(sql`${t.status}`, RUN_STATUSES)),
    pg.check('runs_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    pg.index('runs_volunteer_idx').on(t.volunteerId, t.createdAt.desc()),
  ],
)

/** A run's stops in order: each delivery's pickup and drop-off, when expected and when done. */
export const runStops = pg.pgTable(
  'run_stops',
  {
    runId: pg
      .uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    position: pg.integer('position').notNull(),
    deliveryId: pg
      .uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    kind: pg.text('kind').$type<'pickup' | 'dropoff'>().notNull(),
    legKm: pg.doublePrecision('leg_km').notNull(),
    etaAt: pg.timestamp('eta_at', { withTimezone: true }).notNull(),
    doneAt: pg.timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.runId, t.position] }),
    pg.check('run_stops_kind_check', sql`${t.kind} in ('pickup', 'dropoff')`),
    pg.uniqueIndex('run_stops_delivery_kind_idx').on(t.runId, t.deliveryId, t.kind),
    pg.index('run_stops_delivery_idx').on(t.deliveryId),
  ],
)

/**
 * One party's 1-5 rating of the other after an order or a delivery completed: donor and recipient
 * rate each other on a claim or food request, the requester rates the volunteer on a delivery. One
 * per rater and subject (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export const ratings = pg.pgTable(
  'ratings',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    raterId: pg
      .text('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: pg
      .text('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimId: pg.uuid('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    foodRequestId: pg.uuid('food_request_id').references(() => foodRequests.id, { onDelete: 'cascade' }),
    deliveryId: pg.uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    score: pg.integer('score').notNull(),
    comment: pg.text('comment'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('ratings_score_check', sql`${t.score} between 1 and 5`),
    pg.check(
      'ratings_one_subject_check',
      sql`num_nonnulls(${t.claimId}, ${t.foodRequestId}, ${t.deliveryId}) = 1`,
    ),
    pg.check('ratings_not_self_check', sql`${t.raterId} <> ${t.rateeId}`),
    pg.uniqueIndex('ratings_claim_rater_idx').on(t.claimId, t.raterId),
    pg.uniqueIndex('ratings_food_request_rater_idx').on(t.foodRequestId, t.raterId),
    pg.uniqueIndex('ratings_delivery_rater_idx').on(t.deliveryId, t.raterId),
    pg.index('ratings_ratee_idx').on(t.rateeId, t.createdAt.desc()),
    pg.index('ratings_rater_idx').on(t.raterId, t.createdAt.desc()),
  ],
)
