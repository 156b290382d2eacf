import { type SQL, sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
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
import { oneOf, pointColumns, timestamps, tsvector } from './columns'

// ---------------------------------------------------------------------------------------------
export const categories = pg.pgTable('categories', {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  slug: pg.text('slug').notNull().unique(),
  name: pg.text('name').notNull(),
  icon: pg.text('icon').notNull(),
  color: pg.text('color').notNull(),
  sortOrder: pg.integer('sort_order').notNull().default(0),
})

/** Uploaded images; a listing, story, event or profile may only use its owner's uploads. */
export const uploads = pg.pgTable(
  'uploads',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    ownerId: pg
      .text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: pg.text('url').notNull().unique(),
    thumbnailUrl: pg.text('thumbnail_url').notNull(),
    width: pg.integer('width').notNull(),
    height: pg.integer('height').notNull(),
    bytes: pg.integer('bytes').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('uploads_owner_idx').on(t.ownerId)],
)

export type SafetyChecklist = {
  freshness: boolean
  properStorage: boolean
  hygieneStandards: boolean
  labelingComplete: boolean
}

/** What a donor offers, alike in a listing and a standing offer (tables/standing.ts). */
export const offeredFood = () => ({
  donorId: pg
    .text('donor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: pg.text('title').notNull(),
  description: pg.text('description').notNull(),
  categoryId: pg.uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
})

export const listings = pg.pgTable(
  'listings',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    ...offeredFood(),
    /** Servings still available; reserved by claims and requests when they are made. */
    quantity: pg.integer('quantity').notNull(),
    initialQuantity: pg.integer('initial_quantity').notNull(),
    type: pg.text('type').notNull(),
    /** Whole LKR per serving; 0 for free food. */
    price: pg.integer('price').notNull().default(0),
    pickupAddress: pg.text('pickup_address').notNull(),
    pickupCity: pg.text('pickup_city').notNull(),
    pickupDistrict: pg.text('pickup_district').notNull(),
    pickupPostalCode: pg.text('pickup_postal_code'),
    /**
     * The exact pickup point, private like the street: the public sees approxPoint
     * (src/shared/geo.ts, docs/decisions/0070-places-are-points.md).
     */
    ...pointColumns('pickup', 'pickup'),
    pickupDate: pg.date('pickup_date'),
    pickupTimeStart: pg.text('pickup_time_start'),
    pickupTimeEnd: pg.text('pickup_time_end'),
    /**
     * How recipients may reach the donor, as the donor chose when posting (null: not offered);
     * shown with the street address, only to those who may see it (policy 'listing.seeLocation').
     */
    contactPhone: pg.text('contact_phone'),
    contactEmail: pg.text('contact_email'),
    /**
     * When the food stops being orderable: the donor's expiry, or for cooked food the earlier
     * safe_until, so the sweep, the available filter and pickup times need no second clock
     * (docs/decisions/0049-cooked-food-clock.md).
     */
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Cooked food: when it was cooked and how it is kept (src/shared/food-safety.ts); null otherwise. */
    preparedAt: pg.timestamp('prepared_at', { withTimezone: true }),
    storage: pg.text('storage'),
    /** Cooked food: until when it is safe to eat (safeUntil in src/shared/food-safety.ts). */
    safeUntil: pg.timestamp('safe_until', { withTimezone: true }),
    imageUrls: pg.text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    allergens: pg.text('allergens').array().notNull().default(sql`'{}'::text[]`),
    /** Dietary and religious tags (src/shared/dietary.ts), consistent and vegan implying vegetarian. */
    dietary: pg.text('dietary').array().notNull().default(sql`'{}'::text[]`),
    preparationNotes: pg.text('preparation_notes'),
    deliveryRequested: pg.boolean('delivery_requested').notNull().default(false),
    safetyChecklist: pg.jsonb('safety_checklist').$type<SafetyChecklist>().notNull(),
    status: pg.text('status').notNull().default('available'),
    claimedBy: pg.text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: pg.timestamp('claimed_at', { withTimezone: true }),
    /**
     * Bumped by every write to the row (edits, reservations, returns, expiry): an edit names the
     * version it was based on and is refused when the listing changed meanwhile.
     */
    version: pg.integer('version').notNull().default(0),
    /**
     * What the search (GET /api/listings?q=) matches: title and description as one lower-cased text,
     * kept by the database, so one pg_trgm index serves it and a candidate row is tested without
     * recomputing it (docs/decisions/0036-listings-at-national-scale.md).
     */
    searchText: pg
      .text('search_text')
      .generatedAlwaysAs((): SQL => sql`lower(${listings.title} || ' ' || ${listings.description})`),
    /**
     * The phonetic keys of title, description and town, Sinhala and Tamil written in Latin letters,
     * separated by spaces (searchKey in src/shared/transliteration.ts): the search in any script
     * matches a query's keys against it by full-text search. Written by the app with the text; null
     * until a start fills it for rows older than the column (fillSearchKeys).
     */
    searchKey: pg.text('search_key'),
    /**
     * The keys as full-text terms, kept by the database: a search tests each candidate row against
     * it instead of building the terms again per row (0036, addendum on search in any script).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${listings.searchKey}, ''))`,
    ),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: pg.timestamp('hidden_at', { withTimezone: true }),
    /**
     * Until then only verified organisations of the district may order it; null: everyone at once
     * (docs/decisions/0055-first-refusal.md).
     */
    institutionsFirstUntil: pg.timestamp('institutions_first_until', { withTimezone: true }),
    /** The standing offer and day this listing is the occurrence of (docs/decisions/0068-standing-arrangements.md). */
    standingOfferId: pg.uuid('standing_offer_id'),
    occurrenceDate: pg.date('occurrence_date'),
    ...timestamps,
  },
  (t) => [
    pg.check('listings_type_check', oneOf(sql`${t.type}`, LISTING_TYPES)),
    pg.check('listings_status_check', oneOf(sql`${t.status}`, LISTING_STATUSES)),
    pg.check('listings_quantity_check', sql`${t.quantity} >= 0 and ${t.quantity} <= ${t.initialQuantity}`),
    pg.check('listings_initial_quantity_check', sql`${t.initialQuantity} >= 1`),
    pg.check(
      'listings_price_check',
      sql`(${t.type} = 'free' and ${t.price} = 0) or (${t.type} = 'half-price' and ${t.price} > 0)`,
    ),
    pg.check('listings_district_check', oneOf(sql`${t.pickupDistrict}`, DISTRICT_NAMES)),
    pg.check(
      'listings_storage_check',
      sql`${t.storage} is null or ${oneOf(sql`${t.storage}`, FOOD_STORAGE)}`,
    ),
    // The clock is whole: cooked food has all three, other food none.
    pg.check(
      'listings_food_clock_check',
      sql`(${t.preparedAt} is null) = (${t.storage} is null) and (${t.preparedAt} is null) = (${t.safeUntil} is null)`,
    ),
    pg.check(
      'listings_images_check',
      sql`coalesce(array_length(${t.imageUrls}, 1), 0) <= ${sql.raw(String(MAX_LISTING_IMAGES))}`,
    ),
    pg.check(
      'listings_allergens_check',
      sql`${t.allergens} <@ array[${sql.raw(ALLERGENS.map((a) => `'${a}'`).join(', '))}]::text[]`,
    ),
    pg.check(
      'listings_dietary_check',
      sql`${t.dietary} <@ array[${sql.raw(DIETARY_TAGS.map((a) => `'${a}'`).join(', '))}]::text[]`,
    ),
    // One index per way Find Food reads a page: each sort walks its index within the status
    // (docs/decisions/0036-listings-at-national-scale.md).
    pg.index('listings_status_created_idx').on(t.status, t.createdAt.desc()),
    pg.index('listings_status_expires_idx').on(t.status, t.expiresAt),
    pg.index('listings_status_type_idx').on(t.status, t.type, t.price, t.createdAt.desc()),
    // The distance sort's whole order within a district (soonest expiry, newest, id), so each
    // district yields its first rows without a sort.
    pg
      .index('listings_status_district_expires_idx')
      .on(t.status, t.pickupDistrict, t.expiresAt, t.createdAt.desc(), t.id),
    pg.index('listings_donor_idx').on(t.donorId, t.createdAt.desc()),
    pg.index('listings_category_idx').on(t.categoryId),
    pg.index('listings_city_idx').on(t.pickupCity),
    // The bounding box of a point search (docs/decisions/0070-places-are-points.md): listings
    // without a point are never searched by distance, so they are left out of the index.
    pg.index('listings_pickup_point_idx').on(t.pickupLat, t.pickupLng).where(sql`${t.pickupLat} is not null`),
    // The available listings of a point search's box, with every column its count and its rings
    // filter and sort by, so both read the index alone. The quantity too: an order's update is then
    // no longer heap-only, a cost measured and accepted (docs/decisions/0070-places-are-points.md,
    // addendum of 2026-11-29, afternoon).
    pg
      .index('listings_available_point_idx')
      .on(t.pickupLat, t.pickupLng, t.expiresAt, t.quantity, t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'available' and ${t.hiddenAt} is null and ${t.pickupLat} is not null`),
    pg.index('listings_district_idx').on(t.pickupDistrict),
    pg.index('listings_created_idx').on(t.createdAt),
    pg.index('listings_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Full-text search over the keys, each key a lexeme ('simple': no stemming, no stop words): a query
    // key is found as a whole key. A trigram index read nearly every row for short keys, whose
    // trigrams are in most listings (docs/decisions/0036-listings-at-national-scale.md).
    pg.index('listings_search_vector_idx').using('gin', t.searchVector),
    // The rows a start still has to give keys (fillSearchKeys): empty once they are all filled.
    pg.index('listings_search_key_missing_idx').on(t.id).where(sql`${t.searchKey} is null`),
    // GET /api/listings?diet=: containment (@>) and overlap (&&) of the tags
    // (docs/decisions/0050-dietary-tags.md).
    pg.index('listings_dietary_idx').using('gin', t.dietary),
  ],
)

/**
 * How many listings each donor has posted (the donation count on every listing answer), kept by
 * triggers on listings (migration 0013) so that every write, bulk loads included, keeps it, and a
 * page of listings reads one row per donor instead of counting the donor's listings
 * (docs/decisions/0036-listings-at-national-scale.md).
 */
export const donorListingCounts = pg.pgTable('donor_listing_counts', {
  donorId: pg
    .text('donor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  listings: pg.integer('listings').notNull(),
})
