import { and, asc, desc, eq, inArray, isNull, lte, not, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { DISTRICTS, type DistrictName, distanceKm, findDistrict } from '../../../shared/districts'
import { co2SavedKg, monthStart, trendPercent, wastePreventedKg } from '../../../shared/impact'
import type { Actor } from '../../../shared/policy'
import type { ListingStatus } from '../../../shared/reference-data'
import type {
  Category,
  CreateListing,
  Home,
  Listing,
  ListingPage,
  listingQuerySchema,
  UpdateListing,
} from '../../../shared/schemas/listings'
import { addMinutesToTime, sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { categories, claims, foodRequests, listings, stories, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import { badRequest, conflict, notFound } from '../../platform/errors'
import { assertOwnUploads, thumbnailOf } from '../uploads/service'

type ListingRow = typeof listings.$inferSelect
type ListingQueryOutput = z.output<typeof listingQuerySchema>

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID_RE.test(value)

/** The next version of a listing row: every write to a listing sets it (see updateListing). */
export const bumped = sql`${listings.version} + 1`

/** Orderable now: available, servings left, not past expiry (the sweep may not have run yet). */
const availableSql = sql`(${listings.status} = 'available' and ${listings.quantity} > 0 and ${listings.expiresAt} > now())`

/**
 * Distance in km from a district's centroid to each listing's district, as a CASE over the 25
 * districts (constants only, so the SQL is safe to inline and the planner sees numbers).
 */
function distanceSql(origin: DistrictName): SQL {
  const from = findDistrict(origin)!
  const whens = DISTRICTS.map(
    (d) =>
      `when '${d.name.replaceAll("'", "''")}' then ${(Math.round(distanceKm(from, d) * 10) / 10).toFixed(1)}`,
  ).join(' ')
  return sql`(case ${listings.pickupDistrict} ${sql.raw(whens)} else 100000.0 end)`
}

/** `%text%` for LIKE, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function listingSelection(origin: DistrictName | undefined) {
  return {
    listing: listings,
    category: {
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      icon: categories.icon,
      color: categories.color,
    },
    donorName: users.name,
    donorAvatarUrl: sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`,
    donorJoinedAt: users.createdAt,
    donationCount:
      sql<number>`(select count(*) from listings d where d.donor_id = ${listings.donorId})`.mapWith(Number),
    available: sql<boolean>`${availableSql}`.mapWith((v: unknown) => v === true || v === 't'),
    distanceKm: origin ? sql<number>`${distanceSql(origin)}`.mapWith(Number) : sql<null>`null`,
  }
}

type SelectedRow = {
  listing: ListingRow
  category: { id: string; slug: string; name: string; icon: string; color: string } | null
  donorName: string
  donorAvatarUrl: string | null
  donorJoinedAt: Date
  donationCount: number
  available: boolean
  distanceKm: number | null
}

function toListing(row: SelectedRow): Listing {
  const l = row.listing
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    category: row.category?.id ? row.category : null,
    quantity: l.quantity,
    initialQuantity: l.initialQuantity,
    type: l.type as Listing['type'],
    price: l.price,
    pickupAddress: l.pickupAddress,
    pickupCity: l.pickupCity,
    pickupDistrict: l.pickupDistrict,
    pickupPostalCode: l.pickupPostalCode,
    pickupDate: l.pickupDate,
    pickupTimeStart: l.pickupTimeStart,
    pickupTimeEnd: l.pickupTimeEnd,
    expiresAt: l.expiresAt.toISOString(),
    imageUrls: l.imageUrls,
    thumbnailUrls: l.imageUrls.map(thumbnailOf),
    allergens: l.allergens as Listing['allergens'],
    preparationNotes: l.preparationNotes,
    deliveryRequested: l.deliveryRequested,
    safetyChecklist: l.safetyChecklist,
    status: l.status as ListingStatus,
    available: row.available,
    donor: {
      id: l.donorId,
      name: row.donorName,
      avatarUrl: row.donorAvatarUrl,
      donationCount: row.donationCount,
      joinedAt: new Date(row.donorJoinedAt).toISOString(),
    },
    distanceKm: row.distanceKm === null ? null : Number(row.distanceKm),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    version: l.version,
  }
}

function baseQuery(db: Database, origin?: DistrictName) {
  return db
    .select(listingSelection(origin))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.donorId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
}

/** The filters of GET /api/listings as one WHERE clause (each one backed by an index). */
function filters(query: ListingQueryOutput): SQL | undefined {
  const conditions: SQL[] = []
  if (query.q) {
    // lower(...) LIKE matches the pg_trgm GIN indexes on lower(title) and lower(description).
    const pattern = containsPattern(query.q)
    conditions.push(
      sql`(lower(${listings.title}) like ${pattern} or lower(${listings.description}) like ${pattern})`,
    )
  }
  if (query.category === 'uncategorized') conditions.push(isNull(listings.categoryId))
  else if (query.category) {
    conditions.push(
      sql`${listings.categoryId} = (select c.id from categories c where c.slug = ${query.category})`,
    )
  }
  if (query.type) conditions.push(eq(listings.type, query.type))
  if (query.city) conditions.push(eq(listings.pickupCity, query.city))
  if (query.donor) conditions.push(eq(listings.donorId, query.donor))
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** The sort inside each segment (available first, then the rest); each ends with id for stable pages. */
function ordering(query: ListingQueryOutput): SQL[] {
  // NULLS LAST matches the (status, created_at DESC NULLS LAST) index, so the newest page is read in
  // index order instead of sorting every matching row.
  const newest = sql`${listings.createdAt} desc nulls last`
  const order: SQL[] = []
  switch (query.sort) {
    case 'expiry':
      order.push(asc(listings.expiresAt))
      break
    case 'distance':
      if (query.near) order.push(asc(distanceSql(query.near)), asc(listings.expiresAt))
      order.push(newest)
      break
    case 'type':
      order.push(asc(listings.type), asc(listings.price), newest)
      break
    default:
      order.push(newest)
  }
  order.push(asc(listings.id))
  return order
}

/**
 * One page of listings, filtered, searched and sorted in SQL. Unavailable listings (taken, sold out
 * or expired) always come last: the page is cut from two segments, the available listings and then
 * the others, so each segment is read in index order (status, created_at / expires_at). The page's
 * ids are chosen on the listings table alone; only those rows are then joined with their donor and
 * category. hasMore comes from asking one row more than a page.
 */
export async function listListings(db: Database, query: ListingQueryOutput): Promise<ListingPage> {
  const where = filters(query)
  const offset = (query.page - 1) * query.size
  const want = query.size + 1
  const segment = async (available: boolean, skip: number, take: number): Promise<string[]> => {
    const rows = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(where, available ? availableSql : not(availableSql)))
      .orderBy(...ordering(query))
      .limit(take)
      .offset(skip)
    return rows.map((r) => r.id)
  }
  const [[count], firstRows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(and(where, availableSql)),
    offset === 0 ? segment(true, 0, want) : undefined,
  ])
  const availableCount = count?.n ?? 0
  let ids = firstRows ?? (offset < availableCount ? await segment(true, offset, want) : [])
  if (ids.length < want && query.availability !== 'available') {
    ids = ids.concat(await segment(false, Math.max(0, offset - availableCount), want - ids.length))
  }
  const pageIds = ids.slice(0, query.size)
  const rows =
    pageIds.length === 0
      ? []
      : ((await baseQuery(db, query.near).where(inArray(listings.id, pageIds))) as SelectedRow[])
  const byId = new Map(rows.map((row) => [row.listing.id, row]))
  return {
    items: pageIds.flatMap((id) => {
      const row = byId.get(id)
      return row ? [toListing(row)] : []
    }),
    availableCount,
    page: query.page,
    size: query.size,
    hasMore: ids.length > query.size,
  }
}

export async function findListing(db: Database, id: string): Promise<Listing | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await baseQuery(db).where(eq(listings.id, id)).limit(1)
  return row ? toListing(row as SelectedRow) : undefined
}

/** The distinct cities of the listings, sorted, for the location select. */
export async function listCities(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: listings.pickupCity })
    .from(listings)
    .orderBy(asc(listings.pickupCity))
    .limit(500)
  return rows.map((r) => r.city)
}

export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      icon: categories.icon,
      color: categories.color,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name))
}

async function assertCategory(db: Database, id: string, message: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1)
  if (!row) throw badRequest(message)
}

/** The columns both create and edit write, from the validated input. */
function writableColumns(input: CreateListing | UpdateListing) {
  const start = input.pickupTimeStart || null
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    type: input.type,
    // Free food has no price; half-price food has a price above 0 (checked by the schema).
    price: input.type === 'free' ? 0 : (input.price ?? 0),
    pickupAddress: input.pickupAddress,
    pickupCity: input.pickupCity,
    pickupDistrict: input.pickupDistrict,
    pickupPostalCode: input.pickupPostalCode || null,
    pickupDate: input.pickupDate || null,
    pickupTimeStart: start,
    // The pickup window is one hour, computed here whatever the client sends.
    pickupTimeEnd: start ? addMinutesToTime(start, 60) : null,
    expiresAt: sriLankaInstant(input.expiryDate, input.expiryTime),
    imageUrls: input.imageUrls,
    allergens: [...new Set(input.allergens)],
    preparationNotes: input.preparationNotes || null,
    deliveryRequested: input.deliveryRequested,
  }
}

export async function createListing(db: Database, donorId: string, input: CreateListing): Promise<string> {
  await assertCategory(db, input.categoryId, 'donate.errors.categoryRequired')
  await assertOwnUploads(db, donorId, input.imageUrls)
  const [row] = await db
    .insert(listings)
    .values({
      ...writableColumns(input),
      donorId,
      quantity: input.quantity,
      initialQuantity: input.quantity,
      safetyChecklist: input.safetyChecklist,
      status: 'available',
    })
    .returning({ id: listings.id })
  return row!.id
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
  await assertCategory(db, input.categoryId, 'listings.errors.requiredFields')
  // Images already on the listing stay allowed; new ones must be the donor's own uploads.
  await assertOwnUploads(
    db,
    actor.id,
    input.imageUrls.filter((url) => !row.imageUrls.includes(url)),
  )
  const columns = writableColumns(input)
  const quantity = input.quantity
  // Conditional on the version the donor edited: a claim or a return landing meanwhile changed the
  // servings, and saving the old figure would offer portions that are already taken.
  const updated = await db
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
  if (updated.length === 0) throw conflict('listings.errors.changedMeanwhile')
}

/** The expiry sweep: available listings past their expiry become 'expired'. */
export async function expireListings(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(listings)
    .set({ status: 'expired', updatedAt: now, version: bumped })
    .where(and(eq(listings.status, 'available'), lte(listings.expiresAt, now)))
    .returning({ id: listings.id })
  return rows.length
}

export type ExpirySweep = { stop(): Promise<void>; runNow(): Promise<number> }

/** Runs the sweep every `intervalMs` (and once at start); stop() on app close. */
export function startExpirySweep(
  db: Database,
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
  intervalMs: number,
): ExpirySweep {
  let running: Promise<number> | undefined
  const runNow = () => {
    running ??= expireListings(db)
      .then((count) => {
        if (count > 0) log.info({ count }, 'expired listings')
        return count
      })
      .catch((error) => {
        log.error({ err: error }, 'expiry sweep failed')
        return 0
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  const timer = setInterval(() => void runNow(), intervalMs)
  timer.unref()
  return {
    runNow,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/**
 * Why a listing cannot be ordered now, as an i18n key, or null when it can. Orders (claims,
 * requests, deliveries) call assertOrderable on the row they locked with `select ... for update`.
 */
export function orderProblem(
  row: Pick<ListingRow, 'status' | 'quantity' | 'expiresAt'>,
  now: Date = new Date(),
): string | null {
  if (row.status === 'expired' || row.expiresAt.getTime() <= now.getTime()) return 'listings.errors.expired'
  if (row.status !== 'available' || row.quantity <= 0) return 'listings.errors.notAvailable'
  return null
}

export function assertOrderable(row: Pick<ListingRow, 'status' | 'quantity' | 'expiresAt'>): void {
  const problem = orderProblem(row)
  if (problem) throw conflict(problem)
}

/** Locks a listing for an order inside a transaction: 404 when missing, 409 when not orderable. */
export async function lockOrderableListing(tx: Transaction, id: string): Promise<ListingRow> {
  const [row] = isUuid(id) ? await tx.select().from(listings).where(eq(listings.id, id)).for('update') : []
  if (!row) throw notFound('listings.errors.notFound')
  assertOrderable(row)
  return row
}

const ORDER_DONE = ['confirmed', 'completed']

/** The first row of db.execute() on either driver (pg and PGlite both answer { rows }). */
function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows: T[] }).rows[0]
}

/** The home page: impact cards from real data, the first 3 available listings, the 2 latest stories. */
export async function homeData(db: Database, now = new Date()): Promise<Home> {
  // Trends: this calendar month against the last one, in Sri Lanka time (DESIGN 4.7).
  const thisMonth = monthStart(now, 0)
  const lastMonth = monthStart(now, 1)
  const orders = sql`(
    select ${claims.quantity} as quantity, ${claims.createdAt} as created_at from ${claims}
      where ${inArray(claims.status, ORDER_DONE)}
    union all
    select ${foodRequests.quantity}, ${foodRequests.createdAt} from ${foodRequests}
      where ${inArray(foodRequests.status, ORDER_DONE)}
  ) o`
  const activity = sql`(
    select donor_id as user_id, created_at from listings where created_at >= ${lastMonth}
    union all select claimant_id, created_at from claims where created_at >= ${lastMonth}
    union all select requester_id, created_at from food_requests where created_at >= ${lastMonth}
    union all select requester_id, created_at from delivery_requests where created_at >= ${lastMonth}
    union all select volunteer_id, assigned_at from delivery_requests
      where volunteer_id is not null and assigned_at >= ${lastMonth}
  ) a`
  const [mealsRow, usersRow, latest, storyRows] = await Promise.all([
    db.execute(sql`
      select sum(quantity) as total,
        sum(quantity) filter (where created_at >= ${thisMonth}) as current,
        sum(quantity) filter (where created_at >= ${lastMonth} and created_at < ${thisMonth}) as previous
      from ${orders}`),
    db.execute(sql`
      select count(distinct user_id) filter (where created_at >= ${thisMonth}) as current,
        count(distinct user_id) filter (where created_at >= ${lastMonth} and created_at < ${thisMonth}) as previous
      from ${activity}`),
    baseQuery(db).where(availableSql).orderBy(desc(listings.createdAt), asc(listings.id)).limit(3),
    db
      .select({
        id: stories.id,
        title: stories.title,
        body: stories.body,
        category: stories.category,
        imageUrl: stories.imageUrl,
        authorName: users.name,
        authorAvatarUrl: sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`,
        createdAt: stories.createdAt,
      })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .orderBy(desc(stories.createdAt))
      .limit(2),
  ])
  const meals = firstRow<{ total: string | null; current: string | null; previous: string | null }>(mealsRow)
  const active = firstRow<{ current: string | null; previous: string | null }>(usersRow)
  const total = Number(meals?.total ?? 0)
  const mealsNow = Number(meals?.current ?? 0)
  const mealsBefore = Number(meals?.previous ?? 0)
  const mealsTrend = trendPercent(mealsNow, mealsBefore)
  return {
    impact: {
      mealsShared: { value: total, trendPercent: mealsTrend },
      activeUsers: {
        value: Number(active?.current ?? 0),
        trendPercent: trendPercent(Number(active?.current ?? 0), Number(active?.previous ?? 0)),
      },
      // Waste and CO2 are proportional to meals, so their trend is the meals' trend.
      foodWasteSavedKg: { value: wastePreventedKg(total), trendPercent: mealsTrend },
      co2ReducedKg: { value: co2SavedKg(total), trendPercent: mealsTrend },
    },
    listings: (latest as SelectedRow[]).map(toListing),
    stories: storyRows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
  }
}
