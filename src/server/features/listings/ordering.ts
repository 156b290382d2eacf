import { asc, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Point } from '../../../shared/geo'
import type { ParsedListingFilters } from '../../../shared/schemas/listing-query'
import { queryKeys } from '../../../shared/transliteration'
import { listings } from '../../db/schema'
import { pointDistanceSql } from './near-point'
import { distanceSql } from './rows'

/** The columns the sorts read: the listings table's, or those of the matches gathered first. */
export type SortColumns = Record<
  | 'id'
  | 'createdAt'
  | 'expiresAt'
  | 'type'
  | 'price'
  | 'pickupDistrict'
  | 'title'
  | 'searchText'
  | 'searchKey'
  | 'pickupLat'
  | 'pickupLng',
  SQLWrapper
>

// NULLS LAST matches the indexes on created_at DESC, so the newest rows are read in index order.
export const newest = (c: SortColumns) => [sql`${c.createdAt} desc nulls last`, asc(c.id)]
export const soonestExpiry = (c: SortColumns) => [asc(c.expiresAt), ...newest(c)]

/** `text%`, `% text%` and `%text%` for LIKE, lower-cased, the user's % and _ taken literally. */
const likeText = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * What a search meant, first (issue 39, item 8): the title as typed, then a title starting with it
 * or with a word starting with it, then the text as typed anywhere (all in the query's own script),
 * then matches by key alone (another script, or a spelling that sounds alike), those whose key comes
 * early (the title's words come first in the stored key) before the others.
 */
function relevance(q: string, c: SortColumns): SQL[] {
  const text = likeText(q.trim())
  const title = sql`lower(${c.title})`
  const tier = sql`case when ${title} = ${q.trim().toLowerCase()} then 0
    when ${title} like ${`${text}%`} or ${title} like ${`% ${text}%`} then 1
    when ${c.searchText} like ${`%${text}%`} then 2 else 3 end`
  const [key] = queryKeys(q)
  if (!key) return [asc(tier)]
  const keyAt = sql`nullif(position(${` ${key} `} in ' ' || coalesce(${c.searchKey}, '') || ' '), 0)`
  return [asc(tier), sql`${keyAt} asc nulls last`]
}

/**
 * The sort inside each segment (available first, then the rest); each ends with id for stable pages.
 * A search in the default order (newest) puts what it meant first.
 */
export function ordering(query: ParsedListingFilters, c: SortColumns = listings, origin?: Point): SQL[] {
  if (query.q && query.sort === 'newest') return [...relevance(query.q, c), ...newest(c)]
  switch (query.sort) {
    case 'expiry':
      return [asc(c.expiresAt), asc(c.id)]
    case 'distance':
      if (origin) return [asc(pointDistanceSql(origin, c)), ...soonestExpiry(c)]
      return query.near?.district
        ? [asc(distanceSql(query.near.district, c.pickupDistrict)), ...soonestExpiry(c)]
        : newest(c)
    case 'type':
      return [asc(c.type), asc(c.price), ...newest(c)]
    default:
      return newest(c)
  }
}
