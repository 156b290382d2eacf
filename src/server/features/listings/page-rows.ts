import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { listings } from '../../db/schema'
import { baseQuery, type SelectedRow } from './rows'

/**
 * The rows of the listings `ids` names, joined with their donor and category, in that order. The
 * same statement for every page, so it is prepared once per connection: on PostgreSQL neither
 * Drizzle nor the planner builds it again for each request.
 */
const pageRowsStatements = new WeakMap<Database, ReturnType<typeof preparePageRows>>()
function preparePageRows(db: Database) {
  return baseQuery(db)
    .innerJoin(
      sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as "page"("id", "position")`,
      sql`${listings.id} = "page"."id"`,
    )
    .orderBy(sql`"page"."position"`)
    .prepare('listing_page_rows')
}
export async function pageRows(db: Database, ids: string[]): Promise<SelectedRow[]> {
  let statement = pageRowsStatements.get(db)
  if (!statement) {
    statement = preparePageRows(db)
    pageRowsStatements.set(db, statement)
  }
  return (await statement.execute({ ids })) as SelectedRow[]
}
