/**
 * Standing offers: create, edit, pause, end (docs/decisions/0068-standing-arrangements.md).
 * An edit changes the occurrences still to come; a posted one is an ordinary listing and keeps its own.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { COOKED_CATEGORIES } from '../../../shared/food-safety'
import type {
  CreateStandingOffer,
  StandingOffer,
  UpdateStandingOffer,
} from '../../../shared/schemas/standing-offers'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { categories, standingOffers, standingTakers } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { badRequest, fieldError, notFound } from '../../platform/errors'

export type OfferRow = typeof standingOffers.$inferSelect

/** A taker still on the offer, active or paused: one who left keeps the row, but no portions or days. */
export const stillTaking = ne(standingTakers.status, 'left')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findOffer(db: Database | Transaction, id: string): Promise<OfferRow> {
  const [row] = UUID.test(id)
    ? await db.select().from(standingOffers).where(eq(standingOffers.id, id)).limit(1)
    : []
  if (!row) throw notFound('standing.errors.notFound')
  return row
}

/** The offer when `actor` is its donor: 404 missing, 403 anyone else (the listing's own rule). */
export async function ownOffer(db: Database, actor: Actor, id: string): Promise<OfferRow> {
  const row = await findOffer(db, id)
  authorize(actor, 'listing.edit', row)
  return row
}

export const offerStatus = (row: OfferRow, now = new Date()): StandingOffer['status'] =>
  row.endedAt ? 'ended' : row.pausedUntil && row.pausedUntil > sriLankaToday(now) ? 'paused' : 'active'

/** Cooked food needs its storage, as a cooked listing needs its clock (0049). */
async function assertCategory(db: Database, categoryId: string, storage: string | undefined | null) {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1)
  if (!row) throw fieldError('categoryId', 'donate.errors.categoryRequired')
  if ((COOKED_CATEGORIES as readonly string[]).includes(row.slug) && !storage) {
    throw fieldError('storage', 'donate.errors.storageRequired')
  }
}

function columns(input: UpdateStandingOffer) {
  const { pickupPoint, storage, price, startsOn, endsOn, ...rest } = input
  return {
    ...rest,
    ...(pickupPoint !== undefined ? { pickupPoint } : {}),
    ...(storage !== undefined ? { storage: storage || null } : {}),
    ...(input.type !== undefined ? { price: input.type === 'free' ? 0 : (price ?? 0) } : {}),
    ...(startsOn !== undefined ? { startsOn } : {}),
    ...(endsOn !== undefined ? { endsOn } : {}),
  }
}

export async function createOffer(
  db: Database,
  donorId: string,
  input: CreateStandingOffer,
): Promise<string> {
  await assertCategory(db, input.categoryId, input.storage)
  const [row] = await db
    .insert(standingOffers)
    .values({
      ...columns(input),
      donorId,
      title: input.title,
      description: input.description,
      quantity: input.quantity,
      type: input.type,
      days: input.days,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      pickupAddress: input.pickupAddress,
      pickupCity: input.pickupCity,
      pickupDistrict: input.pickupDistrict,
      safetyChecklist: input.safetyChecklist,
      startsOn: input.startsOn ?? sriLankaToday(),
    })
    .returning({ id: standingOffers.id })
  return row!.id
}

export async function updateOffer(db: Database, actor: Actor, id: string, input: UpdateStandingOffer) {
  const row = await ownOffer(db, actor, id)
  if (row.endedAt) throw badRequest('standing.errors.ended')
  const merged = { ...row, ...input }
  if (input.windowStart || input.windowEnd) {
    const { windowStart, windowEnd } = merged
    if (windowEnd <= windowStart) throw fieldError('windowEnd', 'standing.errors.windowInvalid')
  }
  if (input.quantity !== undefined && input.quantity < (await takenPortions(db, id))) {
    throw fieldError('quantity', 'standing.errors.belowTakers')
  }
  if (input.categoryId || input.storage !== undefined) {
    await assertCategory(db, merged.categoryId ?? '', merged.storage)
  }
  await db
    .update(standingOffers)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(standingOffers.id, id))
}

export async function pauseOffer(db: Database, actor: Actor, id: string, until: string) {
  await ownOffer(db, actor, id)
  await db
    .update(standingOffers)
    .set({ pausedUntil: until, updatedAt: new Date() })
    .where(eq(standingOffers.id, id))
}

export async function endOffer(db: Database, actor: Actor, id: string) {
  await ownOffer(db, actor, id)
  await db
    .update(standingOffers)
    .set({ endedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(standingOffers.id, id), isNull(standingOffers.endedAt)))
}

/** Portions the active and paused takers hold. */
export async function takenPortions(db: Database | Transaction, offerId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${standingTakers.quantity}), 0)::int` })
    .from(standingTakers)
    .where(and(eq(standingTakers.offerId, offerId), stillTaking))
  return Number(row?.sum ?? 0)
}
