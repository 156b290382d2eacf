import { and, eq, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { withImpliedTags } from '../../../shared/dietary'
import { type FirstRefusalRule, firstRefusalUntil } from '../../../shared/first-refusal'
import { COOKED_CATEGORIES, isOutTooLong, OUT_TOO_LONG, safeUntil } from '../../../shared/food-safety'
import type { Point } from '../../../shared/geo'
import { PICKUP_PROBLEMS, pickupWindow } from '../../../shared/pickup-time'
import { preparedInstant } from '../../../shared/schemas/listing-clock'
import type { CreateListing, UpdateListing } from '../../../shared/schemas/listing-input'
import { addMinutesToTime, sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import { searchKey } from '../../../shared/transliteration'
import type { Database } from '../../db/client'
import { categories, listings } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { verifiedOrganisationsIn } from '../organisations/service'
import { assertOwnUploads } from '../uploads/service'
import { bumped, isUuid, type ListingRow } from './rows'

/** The category's slug: 400 when there is no such category. */
async function assertCategory(db: Database, id: string, message: string): Promise<string> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1)
  if (!row) throw badRequest(message)
  return row.slug
}

/**
 * The cooked-food clock's columns, with the expiry they shorten: cooked food stops being orderable
 * at its safe-until time, so the sweep, the available filter and the pickup times keep to it
 * (docs/decisions/0049-cooked-food-clock.md). Refused: a cooked category without the clock, food
 * already past its time, and a pickup window that ends after it.
 */
function clockColumns(input: CreateListing | UpdateListing, categorySlug: string, now = new Date()) {
  const expiresAt = sriLankaInstant(input.expiryDate, input.expiryTime)
  if (!input.preparedAt || !input.storage) {
    if ((COOKED_CATEGORIES as readonly string[]).includes(categorySlug)) {
      throw fieldError('preparedAt', 'donate.errors.preparedAtRequired')
    }
    return { expiresAt, preparedAt: null, storage: null, safeUntil: null }
  }
  const preparedAt = preparedInstant(input.preparedAt)
  const safe = safeUntil(preparedAt, input.storage, expiresAt)
  // A donor may still close such a listing by hand (the dashboard's Status select saves every field).
  const closing = 'status' in input && input.status !== undefined && input.status !== 'available'
  if (!closing && isOutTooLong(safe, now)) throw fieldError('preparedAt', OUT_TOO_LONG)
  const window = pickupWindow({
    pickupDate: input.pickupDate || null,
    pickupTimeStart: input.pickupTimeStart || null,
    pickupTimeEnd: input.pickupTimeStart ? addMinutesToTime(input.pickupTimeStart, 60) : null,
    expiresAt: safe,
  })
  if (!closing && window && window.end.getTime() > safe.getTime()) {
    throw fieldError('pickupTimeStart', PICKUP_PROBLEMS.afterExpiry)
  }
  return { expiresAt: safe, preparedAt, storage: input.storage, safeUntil: safe }
}

/**
 * The donor's contact as ticked: a channel is stored only when shared. An edit that leaves the
 * choice out keeps the listing's contact (no columns).
 */
function contactColumns(input: CreateListing | UpdateListing) {
  if (input.sharePhone === undefined && input.shareEmail === undefined) return {}
  return {
    contactPhone: (input.sharePhone && input.contactPhone) || null,
    contactEmail: (input.shareEmail && input.contactEmail) || null,
  }
}

/** The pickup point's columns: null clears it; left out (an edit from before points), it stays. */
function pointColumns(point: Point | null | undefined) {
  if (point === undefined) return {}
  return { pickupLat: point?.lat ?? null, pickupLng: point?.lng ?? null }
}

/** The columns both create and edit write, from the validated input and its category's slug. */
function writableColumns(input: CreateListing | UpdateListing, categorySlug: string) {
  const start = input.pickupTimeStart || null
  return {
    ...contactColumns(input),
    ...clockColumns(input, categorySlug),
    title: input.title,
    description: input.description,
    searchKey: searchKey(input.title, input.description, input.pickupCity),
    categoryId: input.categoryId,
    type: input.type,
    // Free food has no price; half-price food has a price above 0 (checked by the schema).
    price: input.type === 'free' ? 0 : (input.price ?? 0),
    pickupAddress: input.pickupAddress,
    pickupCity: input.pickupCity,
    pickupDistrict: input.pickupDistrict,
    pickupPostalCode: input.pickupPostalCode || null,
    ...pointColumns(input.pickupPoint),
    pickupDate: input.pickupDate || null,
    pickupTimeStart: start,
    // The pickup window is one hour, computed here whatever the client sends.
    pickupTimeEnd: start ? addMinutesToTime(start, 60) : null,
    imageUrls: input.imageUrls,
    allergens: [...new Set(input.allergens)],
    dietary: withImpliedTags(input.dietary),
    preparationNotes: input.preparationNotes || null,
    deliveryRequested: input.deliveryRequested,
  }
}

/**
 * Posts a listing. Large free food goes to the district's verified organisations first, told in the
 * same transaction (bell, e-mail, push), unless the donor turned it off or there is none to tell
 * (docs/decisions/0055-first-refusal.md).
 */
export async function createListing(
  db: Database,
  donorId: string,
  input: CreateListing,
  firstRefusal: FirstRefusalRule,
  /** The standing offer and day this listing posts (docs/decisions/0068-standing-arrangements.md). */
  occurrence?: { standingOfferId: string; occurrenceDate: string },
): Promise<string> {
  const slug = await assertCategory(db, input.categoryId, 'donate.errors.categoryRequired')
  await assertOwnUploads(db, donorId, input.imageUrls)
  return db.transaction(async (tx) => {
    const organisationIds = await verifiedOrganisationsIn(tx, input.pickupDistrict)
    const until = firstRefusalUntil(input, organisationIds.length, new Date(), firstRefusal)
    const [row] = await tx
      .insert(listings)
      .values({
        ...writableColumns(input, slug),
        donorId,
        quantity: input.quantity,
        initialQuantity: input.quantity,
        safetyChecklist: input.safetyChecklist,
        status: 'available',
        institutionsFirstUntil: until,
        ...occurrence,
      })
      .returning({ id: listings.id })
    const id = row!.id
    // Every open Find Food, home page and listing page reads again (docs/decisions/0063-live-listings.md).
    await recordEvents(tx, {
      type: 'listing.created',
      payload: { listingId: id },
      changes: [{ table: 'listings', id }],
    })
    if (until) {
      const params = { title: input.title, quantity: input.quantity, time: sriLankaParts(until).time }
      await recordEvents(tx, {
        type: 'listing.offeredToOrganisations',
        payload: {
          listingId: id,
          district: input.pickupDistrict,
          until: until.toISOString(),
          // When the food may be collected: an offer of food for dawn is not held by the SMS quiet
          // hours (docs/decisions/0061-sms-in-time.md). No window: from now.
          pickupStartsAt: (input.pickupDate && input.pickupTimeStart
            ? sriLankaInstant(input.pickupDate, input.pickupTimeStart)
            : new Date()
          ).toISOString(),
        },
        notices: organisationIds
          .filter((userId) => userId !== donorId)
          .map((userId) => ({ userId, type: 'first_refusal_offer' as const, params, relatedId: id })),
      })
    }
    return id
  })
}

/** The listing when `actor` may edit it: 404 when missing, 403 for anyone else. */
export async function assertListingOwner(db: Database, actor: Actor, id: string): Promise<ListingRow> {
  const [row] = isUuid(id) ? await db.select().from(listings).where(eq(listings.id, id)).limit(1) : []
  if (!row) throw notFound('listings.errors.notFound')
  authorize(actor, 'listing.edit', row)
  return row
}

export async function updateListing(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateListing,
): Promise<void> {
  const row = await assertListingOwner(db, actor, id)
  const slug = await assertCategory(db, input.categoryId, 'listings.errors.requiredFields')
  // Images already on the listing stay allowed; new ones must be the donor's own uploads.
  await assertOwnUploads(
    db,
    actor.id,
    input.imageUrls.filter((url) => !row.imageUrls.includes(url)),
  )
  const columns = writableColumns(input, slug)
  const quantity = input.quantity
  // Conditional on the version the donor edited: a claim or a return landing meanwhile changed the
  // servings, and saving the old figure would offer portions that are already taken.
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(listings)
      .set({
        ...columns,
        quantity,
        // Portions already reserved by orders stay counted in the initial quantity.
        initialQuantity: sql`greatest(${listings.initialQuantity} - ${listings.quantity} + ${quantity}, ${quantity}, 1)`,
        // Saving sets 'available' when servings remain (or 'expired' past the expiry), else keeps the
        // status; the donor may also close a listing by hand (claimed, completed, expired).
        status:
          input.status && input.status !== 'available'
            ? input.status
            : sql`case when ${quantity} > 0 then (case when ${columns.expiresAt} > now() then 'available' else 'expired' end) else ${listings.status} end`,
        updatedAt: new Date(),
        version: bumped,
      })
      .where(and(eq(listings.id, id), eq(listings.version, input.version)))
      .returning({ id: listings.id })
    if (rows.length > 0) {
      await recordEvents(tx, {
        type: 'listing.updated',
        payload: { listingId: id },
        changes: [{ table: 'listings', id }],
      })
    }
    return rows
  })
  if (updated.length === 0) throw conflict('listings.errors.changedMeanwhile')
}
