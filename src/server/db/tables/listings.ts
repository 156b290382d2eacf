import { type SQL, sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { DIETARY_TAGS } from '../../../shared/dietary'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { FOOD_STORAGE } from '../../../shared/food-safety'
import {
  ALLERGENS,
  LISTING_STATUSES,
  LISTING_TYPES,
  MAX_LISTING_IMAGES,
} from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf, timestamps, tsvector } from './columns'

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

/** What a donor offers, alike in a listing and a standing offer (tables/standing.ts). */
export const offeredFood = () => ({
  donorId: text('donor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
})

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...offeredFood(),
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
