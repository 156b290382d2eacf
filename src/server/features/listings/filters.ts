import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import { DIETARY_TAGS, type Diet, dietCondition } from '../../../shared/dietary'
import type { Point } from '../../../shared/geo'
import type { ParsedListingFilters } from '../../../shared/schemas/listing-query'
import { queryKeys } from '../../../shared/transliteration'
import type { Database } from '../../db/client'
import { categories, listings } from '../../db/schema'
import { pointOrigin, type Reach, reachOf, withinReachSql } from './near-point'

/** `%text%` for LIKE, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The search: the text as typed, as a substring (listings_search_trgm_idx), or every word of it by
 * its phonetic key, in any script, by full-text search over the keys (listings.search_vector and its
 * index listings_search_vector_idx): "kiribath" finds "කිරිබත්" and "இட்லி" finds "idly"
 * (docs/decisions/0036-listings-at-national-scale.md, search in any script).
 */
function searchSql(q: string): SQL {
  const typed = sql`${listings.searchText} like ${containsPattern(q)}`
  const keys = queryKeys(q)
  if (keys.length === 0) return typed
  // plainto_tsquery: every key, and-ed; keys are letters only, but a parameter either way.
  const byKey = sql`${listings.searchVector} @@ plainto_tsquery('simple', ${keys.join(' ')})`
  return sql`(${typed} or ${byKey})`
}

/** The category filter: undefined when none is asked, null for 'uncategorized', else its id or 'unknown'. */
async function categoryFilter(db: Database, slug: string | undefined): Promise<string | null | undefined> {
  if (!slug) return undefined
  if (slug === 'uncategorized') return null
  // Looked up first, so the planner sees the id and its share of the listings (not a subquery's guess).
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))
  return row?.id ?? UNKNOWN_CATEGORY
}
const UNKNOWN_CATEGORY = 'unknown'

/**
 * What a search of the listings asks, read once for a page and for the map's pins alike: its
 * category, the point it measures from and its filters as one clause; undefined when the category
 * is unknown (nothing matches).
 */
export async function listingSearch(
  db: Database,
  query: ParsedListingFilters,
  viewer: Actor | null | undefined,
) {
  const categoryId = await categoryFilter(db, query.category)
  if (categoryId === UNKNOWN_CATEGORY) return undefined
  const origin = await pointOrigin(db, query, viewer)
  return { categoryId, origin, where: filters(query, categoryId, origin) }
}

/**
 * The filters of GET /api/listings as one WHERE clause, each backed by an index. Every listing
 * page (both segments, the count, every sort) is cut with this clause, so a condition added here
 * applies to all of them: hidden listings are left out here, once (docs/decisions/0037-moderation.md).
 * `reach` keeps only the matches within a ring of the radius around `origin` (rings.ts).
 */
export function filters(
  query: ParsedListingFilters,
  categoryId: string | null | undefined,
  origin: Point | undefined,
  reach?: Reach,
): SQL | undefined {
  const conditions: SQL[] = [isNull(listings.hiddenAt)]
  if (origin) conditions.push(withinReachSql(origin, reach ?? reachOf(origin, query.radiusKm)))
  if (query.q) conditions.push(searchSql(query.q))
  if (categoryId === null) conditions.push(isNull(listings.categoryId))
  else if (categoryId) conditions.push(eq(listings.categoryId, categoryId))
  if (query.type) conditions.push(eq(listings.type, query.type))
  if (query.diet?.length) conditions.push(dietSql(query.diet))
  if (query.city) conditions.push(eq(listings.pickupCity, query.city))
  if (query.district) conditions.push(eq(listings.pickupDistrict, query.district))
  if (query.donor) conditions.push(eq(listings.donorId, query.donor))
  return and(...conditions)
}

/**
 * The diets as conditions on the tags, served by the GIN index listings_dietary_idx: the tags asked
 * in one containment; "no beef" / "no pork" as an overlap with the other tags (the donor said what the
 * food holds) and without that one (suitsDiets in src/shared/dietary.ts says the same).
 */
function dietSql(diets: Diet[]): SQL {
  const has = diets.flatMap((diet) => dietCondition(diet).has ?? [])
  const excludes = diets.flatMap((diet) => dietCondition(diet).excludes ?? [])
  const tags = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`
  const conditions: SQL[] = []
  if (has.length > 0) conditions.push(sql`${listings.dietary} @> ${tags(has)}`)
  if (excludes.length > 0) {
    conditions.push(sql`${listings.dietary} && ${tags(DIETARY_TAGS.filter((t) => !excludes.includes(t)))}`)
    conditions.push(sql`not (${listings.dietary} && ${tags(excludes)})`)
  }
  return and(...conditions)!
}
