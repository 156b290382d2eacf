import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import {
  CONTACT_METHODS,
  MAX_REQUEST_QUANTITY,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf, timestamps } from './columns'
import { listings } from './listings'

const orderColumns = {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  listingId: pg
    .uuid('listing_id')
    .notNull()
    .references(() => listings.id, { onDelete: 'cascade' }),
  pickupAt: pg.timestamp('pickup_at', { withTimezone: true }).notNull(),
  phone: pg.text('phone'),
  email: pg.text('email'),
  notes: pg.text('notes'),
  status: pg.text('status').notNull().default('pending'),
  decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
  completedAt: pg.timestamp('completed_at', { withTimezone: true }),
  /** Set by the reminder sweep when it claims the pickup reminder, so it is sent once. */
  reminderSentAt: pg.timestamp('reminder_sent_at', { withTimezone: true }),
  /** Set when the donor was asked whether the order was collected. */
  collectionCheckSentAt: pg.timestamp('collection_check_sent_at', { withTimezone: true }),
  /** Set when the donor said the approved order was not collected (it is then cancelled). */
  noShowAt: pg.timestamp('no_show_at', { withTimezone: true }),
  /**
   * The six digits its recipient shows at the handover, drawn at approval; wrong tries since the
   * last lock, and until when completing is locked (docs/decisions/0047-pickup-codes.md).
   */
  pickupCode: pg.text('pickup_code'),
  wrongCodeTries: pg.integer('wrong_code_tries').notNull().default(0),
  codeLockedUntil: pg.timestamp('code_locked_until', { withTimezone: true }),
  /** Completed with the code (true) or without it, with the donor's reason (false); null before. */
  handoverVerified: pg.boolean('handover_verified'),
  unverifiedReason: pg.text('unverified_reason'),
  /** What the donor weighed at the handover, when they did. */
  weightKg: pg.numeric('weight_kg', { precision: 8, scale: 2, mode: 'number' }),
  /** When the recipient replied 1 to the approval by SMS: they are coming (docs/decisions/0061-sms-in-time.md). */
  attendanceConfirmedAt: pg.timestamp('attendance_confirmed_at', { withTimezone: true }),
  ...timestamps,
}

/** A claim of free food; its portions are reserved from the listing when it is made. */
export const claims = pg.pgTable(
  'claims',
  {
    ...orderColumns,
    claimantId: pg
      .text('claimant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: pg.integer('quantity').notNull(),
    contactMethod: pg.text('contact_method').notNull().default('email'),
  },
  (t) => [
    pg.check('claims_status_check', oneOf(sql`${t.status}`, ORDER_STATUSES)),
    pg.check('claims_quantity_check', sql`${t.quantity} >= 1`),
    pg.check('claims_contact_method_check', oneOf(sql`${t.contactMethod}`, CONTACT_METHODS)),
    pg.check('claims_weight_check', sql`${t.weightKg} > 0`),
    pg.index('claims_listing_idx').on(t.listingId, t.createdAt.desc()),
    pg.index('claims_claimant_idx').on(t.claimantId, t.createdAt.desc()),
    pg.index('claims_confirmed_pickup_idx').on(t.pickupAt).where(sql`${t.status} = 'confirmed'`),
  ],
)

/** A request to buy half-price food; reserved like a claim, priced by the server. */
export const foodRequests = pg.pgTable(
  'food_requests',
  {
    ...orderColumns,
    requesterId: pg
      .text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: pg.integer('quantity').notNull(),
    unitPrice: pg.integer('unit_price').notNull(),
    totalPrice: pg.integer('total_price').notNull(),
    paymentMethod: pg.text('payment_method').notNull(),
    /** The cash (LKR) the donor received at the handover; the total unless they said otherwise. */
    cashPaid: pg.integer('cash_paid'),
  },
  (t) => [
    pg.check('food_requests_status_check', oneOf(sql`${t.status}`, ORDER_STATUSES)),
    pg.check(
      'food_requests_quantity_check',
      sql`${t.quantity} between 1 and ${sql.raw(String(MAX_REQUEST_QUANTITY))}`,
    ),
    pg.check('food_requests_total_check', sql`${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`),
    pg.check('food_requests_payment_method_check', oneOf(sql`${t.paymentMethod}`, PAYMENT_METHODS)),
    pg.check('food_requests_weight_check', sql`${t.weightKg} > 0`),
    pg.check('food_requests_cash_check', sql`${t.cashPaid} >= 0`),
    pg.index('food_requests_listing_idx').on(t.listingId, t.createdAt.desc()),
    pg.index('food_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
    pg.index('food_requests_confirmed_pickup_idx').on(t.pickupAt).where(sql`${t.status} = 'confirmed'`),
  ],
)
