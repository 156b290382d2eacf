import { type SQL, sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DIETARY_TAGS, DIETS } from '../../shared/dietary'
import { DISTRICT_NAMES } from '../../shared/districts'
import { FOOD_STORAGE } from '../../shared/food-safety'
import type { Point } from '../../shared/geo'
import { QUICK_REPLIES, THREAD_KINDS } from '../../shared/messages'
import { EMAIL_NOTIFICATION_TYPES } from '../../shared/notification-preferences'
import { MAX_ORGANISATION_CAPACITY, ORGANISATION_KINDS } from '../../shared/organisations'
import {
  ALLERGENS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  CONTACT_CATEGORIES,
  CONTACT_METHODS,
  DELIVERY_STATUSES,
  DONOR_TYPES,
  EVENT_KINDS,
  LANGUAGES,
  LISTING_STATUSES,
  LISTING_TYPES,
  MAX_LISTING_IMAGES,
  MAX_REQUEST_QUANTITY,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  ROLES,
  STORY_CATEGORIES,
} from '../../shared/reference-data'
import type { Change, DomainEventPayloads, DomainEventType, NewNotification } from '../platform/domain-events'

/** `column IN ('a', 'b', ...)` for a CHECK constraint built from a shared list. */
function oneOf(column: SQL | ReturnType<typeof sql.raw>, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')
  return sql`${column} in (${sql.raw(list)})`
}

/** PostgreSQL's full-text document type, read only by the database itself (listings.search_vector). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

// ---------------------------------------------------------------------------------------------
// Users: better-auth's user model (mapped to this table) with the profile columns beside it, so an
// account and its profile are created in one insert. role is null only for a Google user who has
// not yet completed sign-up.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The sign-in provider's avatar (Google). */
    image: text('image'),
    role: text('role'),
    donorType: text('donor_type'),
    district: text('district'),
    /**
     * The recipient's usual diet, Find Food's default filter (src/shared/dietary.ts). It can tell a
     * faith: exported with the user's data and erased with the account (docs/decisions/0050-dietary-tags.md).
     */
    diet: text('diet').array().notNull().default(sql`'{}'::text[]`),
    location: text('location'),
    /** The home area "near me" starts from; private to the user (docs/decisions/0070-places-are-points.md). */
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    /** How far a volunteer goes, in km; reach is by distance where both points are known. */
    reachKm: integer('reach_km').notNull().default(10),
    phone: text('phone'),
    /** The photo the user uploaded; shown before the provider's avatar. */
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    /**
     * A volunteer may accept deliveries once a moderator verified them, Google sign-ups too; the demo
     * volunteers start verified (docs/decisions/0038-trust-ratings-fair-use.md).
     */
    isVerified: boolean('is_verified').notNull().default(false),
    /** Why a moderator refused to verify the volunteer (null: not refused). */
    verificationRefusal: text('verification_refusal'),
    /** The moderator who last verified or refused, and when. */
    verificationDecidedBy: text('verification_decided_by'),
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    /** The language every channel speaks to the user in: bell, e-mail, push, SMS (kept in step with the app's switcher). */
    language: text('language').notNull().default('en'),
    /**
     * The person picked `language` (switcher or profile). Until then signing in keeps the device's
     * language and saves it (docs/decisions/0064-the-reader-language-wins.md).
     */
    languageChosen: boolean('language_chosen').notNull().default(false),
    /**
     * The phone number proved by a code sent to it, as 94… (src/shared/sms.ts); null until then and
     * again once the number changes. SMS goes only here (docs/decisions/0051-sms-over-smpp.md).
     */
    verifiedPhone: text('verified_phone'),
    /** The owner replied STOP: no SMS at all until START (docs/decisions/0052-sms-replies.md). */
    smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
    /**
     * Set while a moderator's suspension holds: the user may sign in and read but not write
     * (docs/decisions/0037-moderation.md). suspendedUntil null with suspendedAt set: permanent.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** The donor's or organisation's monthly impact report by e-mail on the 1st (off unless chosen). */
    monthlyReportEmail: boolean('monthly_report_email').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_district_idx').on(t.district),
    check('users_role_check', sql`${t.role} is null or ${oneOf(sql`${t.role}`, ROLES)}`),
    check(
      'users_donor_type_check',
      sql`${t.donorType} is null or ${oneOf(sql`${t.donorType}`, DONOR_TYPES)}`,
    ),
    check('users_district_check', sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`),
    check(
      'users_diet_check',
      sql`${t.diet} <@ array[${sql.raw(DIETS.map((d) => `'${d}'`).join(', '))}]::text[]`,
    ),
    check('users_language_check', oneOf(sql`${t.language}`, LANGUAGES)),
    // A family's phone serves up to three accounts (docs/decisions/0062-the-family-phone.md):
    // markPhoneVerified counts them under a lock; replies find them by this index.
    index('users_verified_phone_idx').on(t.verifiedPhone),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Credentials and linked providers (better-auth's account model). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
)

/** One-time tokens: password reset links, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/**
 * A recipient that signed up for an organisation: a children's or elders' home, a community kitchen,
 * a temple or an NGO (docs/decisions/0054-organisations-and-their-limits.md). It acts as a person
 * until a moderator verifies it; verified: `is_verified`; refused: not verified with a refusal.
 */
export const organisations = pgTable(
  'organisations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** E.g. the Department of Probation and Child Care Services' or Social Services' registration. */
    registrationNumber: text('registration_number').notNull(),
    /** People it feeds a day: its daily free portions once verified. */
    capacity: integer('capacity').notNull(),
    contactPerson: text('contact_person').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    refusal: text('refusal'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('organisations_kind_check', oneOf(sql`${t.kind}`, ORGANISATION_KINDS)),
    check(
      'organisations_capacity_check',
      sql`${t.capacity} >= 1 and ${t.capacity} <= ${sql.raw(String(MAX_ORGANISATION_CAPACITY))}`,
    ),
    index('organisations_verified_idx').on(t.isVerified),
  ],
)

// ---------------------------------------------------------------------------------------------
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  color: text('color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
})

/** Uploaded images; a listing, story, event or profile may only use its owner's uploads. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull().unique(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
)

export type SafetyChecklist = {
  freshness: boolean
  properStorage: boolean
  hygieneStandards: boolean
  labelingComplete: boolean
}

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Servings still available; reserved by claims and requests when they are made. */
    quantity: integer('quantity').notNull(),
    initialQuantity: integer('initial_quantity').notNull(),
    type: text('type').notNull(),
    /** Whole LKR per serving; 0 for free food. */
    price: integer('price').notNull().default(0),
    pickupAddress: text('pickup_address').notNull(),
    pickupCity: text('pickup_city').notNull(),
    pickupDistrict: text('pickup_district').notNull(),
    pickupPostalCode: text('pickup_postal_code'),
    /**
     * The exact pickup point, private like the street: the public sees approxPoint
     * (src/shared/geo.ts, docs/decisions/0070-places-are-points.md).
     */
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    pickupDate: date('pickup_date'),
    pickupTimeStart: text('pickup_time_start'),
    pickupTimeEnd: text('pickup_time_end'),
    /**
     * How recipients may reach the donor, as the donor chose when posting (null: not offered);
     * shown with the street address, only to those who may see it (policy 'listing.seeLocation').
     */
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /**
     * When the food stops being orderable: the donor's expiry, or for cooked food the earlier
     * safe_until, so the sweep, the available filter and pickup times need no second clock
     * (docs/decisions/0049-cooked-food-clock.md).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Cooked food: when it was cooked and how it is kept (src/shared/food-safety.ts); null otherwise. */
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    storage: text('storage'),
    /** Cooked food: until when it is safe to eat (safeUntil in src/shared/food-safety.ts). */
    safeUntil: timestamp('safe_until', { withTimezone: true }),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    /** Dietary and religious tags (src/shared/dietary.ts), consistent and vegan implying vegetarian. */
    dietary: text('dietary').array().notNull().default(sql`'{}'::text[]`),
    preparationNotes: text('preparation_notes'),
    deliveryRequested: boolean('delivery_requested').notNull().default(false),
    safetyChecklist: jsonb('safety_checklist').$type<SafetyChecklist>().notNull(),
    status: text('status').notNull().default('available'),
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Bumped by every write to the row (edits, reservations, returns, expiry): an edit names the
     * version it was based on and is refused when the listing changed meanwhile.
     */
    version: integer('version').notNull().default(0),
    /**
     * What the search (GET /api/listings?q=) matches: title and description as one lower-cased text,
     * kept by the database, so one pg_trgm index serves it and a candidate row is tested without
     * recomputing it (docs/decisions/0036-listings-at-national-scale.md).
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${listings.title} || ' ' || ${listings.description})`,
    ),
    /**
     * The phonetic keys of title, description and town, Sinhala and Tamil written in Latin letters,
     * separated by spaces (searchKey in src/shared/transliteration.ts): the search in any script
     * matches a query's keys against it by full-text search. Written by the app with the text; null
     * until a start fills it for rows older than the column (fillSearchKeys).
     */
    searchKey: text('search_key'),
    /**
     * The keys as full-text terms, kept by the database: a search tests each candidate row against
     * it instead of building the terms again per row (0036, addendum on search in any script).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${listings.searchKey}, ''))`,
    ),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Until then only verified organisations of the district may order it; null: everyone at once
     * (docs/decisions/0055-first-refusal.md).
     */
    institutionsFirstUntil: timestamp('institutions_first_until', { withTimezone: true }),
    /** The standing offer and day this listing is the occurrence of (docs/decisions/0068-standing-arrangements.md). */
    standingOfferId: uuid('standing_offer_id'),
    occurrenceDate: date('occurrence_date'),
    ...timestamps,
  },
  (t) => [
    check('listings_type_check', oneOf(sql`${t.type}`, LISTING_TYPES)),
    check('listings_status_check', oneOf(sql`${t.status}`, LISTING_STATUSES)),
    check('listings_quantity_check', sql`${t.quantity} >= 0 and ${t.quantity} <= ${t.initialQuantity}`),
    check('listings_initial_quantity_check', sql`${t.initialQuantity} >= 1`),
    check(
      'listings_price_check',
      sql`(${t.type} = 'free' and ${t.price} = 0) or (${t.type} = 'half-price' and ${t.price} > 0)`,
    ),
    check('listings_district_check', oneOf(sql`${t.pickupDistrict}`, DISTRICT_NAMES)),
    check('listings_storage_check', sql`${t.storage} is null or ${oneOf(sql`${t.storage}`, FOOD_STORAGE)}`),
    // The clock is whole: cooked food has all three, other food none.
    check(
      'listings_food_clock_check',
      sql`(${t.preparedAt} is null) = (${t.storage} is null) and (${t.preparedAt} is null) = (${t.safeUntil} is null)`,
    ),
    check(
      'listings_images_check',
      sql`coalesce(array_length(${t.imageUrls}, 1), 0) <= ${sql.raw(String(MAX_LISTING_IMAGES))}`,
    ),
    check(
      'listings_allergens_check',
      sql`${t.allergens} <@ array[${sql.raw(ALLERGENS.map((a) => `'${a}'`).join(', '))}]::text[]`,
    ),
    check(
      'listings_dietary_check',
      sql`${t.dietary} <@ array[${sql.raw(DIETARY_TAGS.map((a) => `'${a}'`).join(', '))}]::text[]`,
    ),
    // One index per way Find Food reads a page: each sort walks its index within the status
    // (docs/decisions/0036-listings-at-national-scale.md).
    index('listings_status_created_idx').on(t.status, t.createdAt.desc()),
    index('listings_status_expires_idx').on(t.status, t.expiresAt),
    index('listings_status_type_idx').on(t.status, t.type, t.price, t.createdAt.desc()),
    // The distance sort's whole order within a district (soonest expiry, newest, id), so each
    // district yields its first rows without a sort.
    index('listings_status_district_expires_idx').on(
      t.status,
      t.pickupDistrict,
      t.expiresAt,
      t.createdAt.desc(),
      t.id,
    ),
    index('listings_donor_idx').on(t.donorId, t.createdAt.desc()),
    index('listings_category_idx').on(t.categoryId),
    index('listings_city_idx').on(t.pickupCity),
    // The bounding box of a point search (docs/decisions/0070-places-are-points.md): listings
    // without a point are never searched by distance, so they are left out of the index.
    index('listings_pickup_point_idx').on(t.pickupLat, t.pickupLng).where(sql`${t.pickupLat} is not null`),
    index('listings_district_idx').on(t.pickupDistrict),
    index('listings_created_idx').on(t.createdAt),
    index('listings_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Full-text search over the keys, each key a lexeme ('simple': no stemming, no stop words): a query
    // key is found as a whole key. A trigram index read nearly every row for short keys, whose
    // trigrams are in most listings (docs/decisions/0036-listings-at-national-scale.md).
    index('listings_search_vector_idx').using('gin', t.searchVector),
    // The rows a start still has to give keys (fillSearchKeys): empty once they are all filled.
    index('listings_search_key_missing_idx').on(t.id).where(sql`${t.searchKey} is null`),
    // GET /api/listings?diet=: containment (@>) and overlap (&&) of the tags
    // (docs/decisions/0050-dietary-tags.md).
    index('listings_dietary_idx').using('gin', t.dietary),
  ],
)

/**
 * How many listings each donor has posted (the donation count on every listing answer), kept by
 * triggers on listings (migration 0013) so that every write, bulk loads included, keeps it, and a
 * page of listings reads one row per donor instead of counting the donor's listings
 * (docs/decisions/0036-listings-at-national-scale.md).
 */
export const donorListingCounts = pgTable('donor_listing_counts', {
  donorId: text('donor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  listings: integer('listings').notNull(),
})

const orderColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  listingId: uuid('listing_id')
    .notNull()
    .references(() => listings.id, { onDelete: 'cascade' }),
  pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
  phone: text('phone'),
  email: text('email'),
  notes: text('notes'),
  status: text('status').notNull().default('pending'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** Set by the reminder sweep when it claims the pickup reminder, so it is sent once. */
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  /** Set when the donor was asked whether the order was collected. */
  collectionCheckSentAt: timestamp('collection_check_sent_at', { withTimezone: true }),
  /** Set when the donor said the approved order was not collected (it is then cancelled). */
  noShowAt: timestamp('no_show_at', { withTimezone: true }),
  /**
   * The six digits its recipient shows at the handover, drawn at approval; wrong tries since the
   * last lock, and until when completing is locked (docs/decisions/0047-pickup-codes.md).
   */
  pickupCode: text('pickup_code'),
  wrongCodeTries: integer('wrong_code_tries').notNull().default(0),
  codeLockedUntil: timestamp('code_locked_until', { withTimezone: true }),
  /** Completed with the code (true) or without it, with the donor's reason (false); null before. */
  handoverVerified: boolean('handover_verified'),
  unverifiedReason: text('unverified_reason'),
  /** What the donor weighed at the handover, when they did. */
  weightKg: numeric('weight_kg', { precision: 8, scale: 2, mode: 'number' }),
  /** When the recipient replied 1 to the approval by SMS: they are coming (docs/decisions/0061-sms-in-time.md). */
  attendanceConfirmedAt: timestamp('attendance_confirmed_at', { withTimezone: true }),
  ...timestamps,
}

/** A claim of free food; its portions are reserved from the listing when it is made. */
export const claims = pgTable(
  'claims',
  {
    ...orderColumns,
    claimantId: text('claimant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    contactMethod: text('contact_method').notNull().default('email'),
  },
  (t) => [
    check('claims_status_check', oneOf(sql`${t.status}`, ORDER_STATUSES)),
    check('claims_quantity_check', sql`${t.quantity} >= 1`),
    check('claims_contact_method_check', oneOf(sql`${t.contactMethod}`, CONTACT_METHODS)),
    check('claims_weight_check', sql`${t.weightKg} > 0`),
    index('claims_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('claims_claimant_idx').on(t.claimantId, t.createdAt.desc()),
    index('claims_confirmed_pickup_idx').on(t.pickupAt).where(sql`${t.status} = 'confirmed'`),
  ],
)

/** A request to buy half-price food; reserved like a claim, priced by the server. */
export const foodRequests = pgTable(
  'food_requests',
  {
    ...orderColumns,
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The cash (LKR) the donor received at the handover; the total unless they said otherwise. */
    cashPaid: integer('cash_paid'),
  },
  (t) => [
    check('food_requests_status_check', oneOf(sql`${t.status}`, ORDER_STATUSES)),
    check(
      'food_requests_quantity_check',
      sql`${t.quantity} between 1 and ${sql.raw(String(MAX_REQUEST_QUANTITY))}`,
    ),
    check('food_requests_total_check', sql`${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`),
    check('food_requests_payment_method_check', oneOf(sql`${t.paymentMethod}`, PAYMENT_METHODS)),
    check('food_requests_weight_check', sql`${t.weightKg} > 0`),
    check('food_requests_cash_check', sql`${t.cashPaid} >= 0`),
    index('food_requests_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('food_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
    index('food_requests_confirmed_pickup_idx').on(t.pickupAt).where(sql`${t.status} = 'confirmed'`),
  ],
)

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

/**
 * A message to one user. title and message hold the English text (mail, logs, API clients); the web
 * app renders the user's language from type and params.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    relatedId: uuid('related_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_type_check', oneOf(sql`${t.type}`, NOTIFICATION_TYPES)),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
  ],
)

/** A user's choice about one kind's e-mail; without a row the kind's default applies (shared/notification-preferences.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** null: the kind's default (src/shared/notification-preferences.ts). */
    email: boolean('email'),
    /** null: the kind's default; only the SMS kinds (src/shared/notification-preferences.ts). */
    sms: boolean('sms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_type_check', oneOf(sql`${t.type}`, EMAIL_NOTIFICATION_TYPES)),
    index('notification_preferences_type_idx').on(t.type).where(sql`${t.email}`),
  ],
)

/**
 * A browser that asked for web push (docs/decisions/0034-web-push.md): one row per device, the
 * endpoint the push service gave it and the keys that encrypt for it. The language is the user's,
 * read when a push is sent.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last subscribe or delivered push: the least recently used goes first past the cap. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
  ],
)

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** general, or dansal: a free food stall (src/shared/reference-data.ts). */
    kind: text('kind').notNull().default('general'),
    /** The organiser asks for volunteers to help at it. */
    volunteersWanted: boolean('volunteers_wanted').notNull().default(false),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    district: text('district'),
    /** The venue's point: public, as the address is. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    maxAttendees: integer('max_attendees'),
    imageUrl: text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('events_max_attendees_check', sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
    check('events_kind_check', oneOf(sql`${t.kind}`, EVENT_KINDS)),
    check(
      'events_district_check',
      sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`,
    ),
    index('events_starts_at_idx').on(t.startsAt),
    index('events_organizer_idx').on(t.organizerId),
  ],
)

/** One row per attendee, so concurrent joins never overwrite each other. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
)

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('stories_category_check', oneOf(sql`${t.category}`, STORY_CATEGORIES)),
    index('stories_created_idx').on(t.createdAt.desc()),
    index('stories_category_idx').on(t.category, t.createdAt.desc()),
    index('stories_author_idx').on(t.authorId),
  ],
)

export const storyLikes = pgTable(
  'story_likes',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('story_likes_user_idx').on(t.userId)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_messages_category_check', oneOf(sql`${t.category}`, CONTACT_CATEGORIES)),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
)

/** Mail sent (or, without SMTP, only recorded) by the app; the dev mailbox page reads it. */
export type MailAttachment = { filename: string; contentType: string; base64: string }

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** One file sent with the mail (the monthly report's PDF), in base64; null for most mails. */
    attachment: jsonb('attachment').$type<MailAttachment>(),
    /** logged (no SMTP_URL) | pending | retrying | sent | dead (every try failed): platform/mail.ts. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_status_idx').on(t.status, t.createdAt.desc()),
  ],
)

/**
 * A code sent to prove a phone number (docs/decisions/0051-sms-over-smpp.md): one at a time per user,
 * its hash only, ten minutes, five tries.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code went to (94…): confirming verifies this one, not a number typed since. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every SMS sent and received (docs/decisions/0051-sms-over-smpp.md): the job queue sends the
 * outgoing ones, the SMSC's receipts mark them delivered. Exported with the user's data and erased
 * with the account; a text from an unknown number has no user.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** out | in */
    direction: text('direction').notNull(),
    /** The other end, as 94…. */
    phone: text('phone').notNull(),
    /** A notification type, `verification`, `reply` or `help` (out); `reply` (in). */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** gsm7 | ucs2 */
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    /**
     * logged (no SMS_URL) | held (quiet hours) | pending | retrying | sent | delivered | failed
     * (receipt) | expired (the SMSC could not take it before it went stale) | received; `dead` in
     * rows from before docs/decisions/0061-sms-in-time.md.
     */
    status: text('status').notNull(),
    /** The SMSC's ids of the parts, to match its delivery receipts. */
    smscIds: text('smsc_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Held until then (quiet hours), or the next round of tries after an outage (status retrying). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** What a notice is about (an order, a listing): a reply of 1 to a first-refusal offer finds its listing. */
    relatedId: text('related_id'),
    /** No use after this (its pickup window or event ended): an outage past it expires the text. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
    index('sms_messages_waiting_idx').on(t.notBefore).where(sql`${t.status} in ('held', 'retrying')`),
  ],
)

/**
 * A user's report of a listing, story, event or user. One open report per reporter and target; a
 * moderator's decision closes it (actioned or dismissed).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    /** A listing, story or event id (uuid) or a user id. */
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_target_type_check', oneOf(sql`${t.targetType}`, REPORT_TARGET_TYPES)),
    check('reports_reason_check', oneOf(sql`${t.reason}`, REPORT_REASONS)),
    check('reports_status_check', oneOf(sql`${t.status}`, REPORT_STATUSES)),
    uniqueIndex('reports_open_unique')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
)

/**
 * A message in the thread of an order (a claim or a food request) or of a delivery, between its
 * parties (docs/decisions/0066-messages.md): a quick reply by id or a free text. The thread is its
 * kind and id, without a foreign key since an order is in one of two tables. Erasing an account
 * blanks its messages (text and quick null); a moderator may hide one.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadKind: text('thread_kind').notNull(),
    threadId: uuid('thread_id').notNull(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quick: text('quick'),
    text: text('text'),
    /** Came in as a reply by SMS (docs/decisions/0067-messages-by-sms.md). */
    viaSms: boolean('via_sms').notNull().default(false),
    /** A moderator hid it (docs/decisions/0066-messages.md): its parties see that it was hidden. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_thread_kind_check', oneOf(sql`${t.threadKind}`, THREAD_KINDS)),
    check('messages_quick_check', sql`${t.quick} is null or ${oneOf(sql`${t.quick}`, QUICK_REPLIES)}`),
    index('messages_thread_idx').on(t.threadKind, t.threadId, t.createdAt),
    index('messages_author_idx').on(t.authorId, t.createdAt),
  ],
)

/**
 * When a thread's unread messages were last mailed to a party as a digest: once per thread per hour
 * at most (docs/decisions/0066-messages.md).
 */
export const messageDigests = pgTable(
  'message_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
)

/**
 * The audit log of moderation: who did what to which target, when and why. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration moderation). No foreign keys, so that removing a
 * user never rewrites history; actorId null is the operator's command line.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    /** What the action needs besides: the new role, the suspension's end, the report acted on. */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('moderation_log_action_check', oneOf(sql`${t.action}`, AUDIT_ACTIONS)),
    check('moderation_log_target_type_check', oneOf(sql`${t.targetType}`, AUDIT_TARGET_TYPES)),
    index('moderation_log_created_idx').on(t.createdAt.desc()),
    index('moderation_log_target_idx').on(t.targetType, t.targetId),
  ],
)

/**
 * The outbox: what happened, recorded in the transaction of the change, with the bell notices and
 * realtime topics its feature wrote for it (docs/decisions/0044-domain-events.md). dispatchedAt: the
 * job queue has a job per subscriber; deliveredAt: every subscriber is done.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<DomainEventType>().notNull(),
    payload: jsonb('payload').$type<DomainEventPayloads[DomainEventType]>().notNull(),
    notices: jsonb('notices').$type<NewNotification[]>().notNull().default([]),
    changes: jsonb('changes').$type<Change[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    index('domain_events_undelivered_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`),
    index('domain_events_delivered_idx').on(t.deliveredAt),
  ],
)

/**
 * One row per event and subscriber that ran: its idempotency key. done | failed (will be tried
 * again) | dead (every try failed: `npm run admin -- mail-failures`).
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    status: text('status').$type<'done' | 'failed' | 'dead'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    check('event_deliveries_status_check', sql`${t.status} in ('done', 'failed', 'dead')`),
    index('event_deliveries_dead_idx').on(t.updatedAt).where(sql`${t.status} = 'dead'`),
  ],
)

/**
 * A user's private calendar subscription (webcal) of their upcoming pickups and deliveries: the
 * SHA-256 of its token, never the token, which is shown once; a new token replaces it, and deleting
 * the row revokes it (docs/decisions/0047-pickup-codes.md).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Food on a schedule: a donor's standing offer, its takers, its occurrences and each taker's part of
 * each occurrence (DESIGN.md §4 item 25, docs/decisions/0068-standing-arrangements.md).
 */
export const standingOffers = pgTable(
  'standing_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
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
