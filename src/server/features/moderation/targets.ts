import { eq, sql } from 'drizzle-orm'
import type { HideableType, ReportTargetType } from '../../../shared/reference-data'
import type { Database, Transaction } from '../../db/client'
import { events, listings, messages, stories, users } from '../../db/schema'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The content tables a moderator can hide, with the column of their owner and what names them. */
export const HIDEABLE = {
  listing: { table: listings, owner: listings.donorId, label: sql<string>`${listings.title}` },
  story: { table: stories, owner: stories.authorId, label: sql<string>`${stories.title}` },
  event: { table: events, owner: events.organizerId, label: sql<string>`${events.title}` },
  // A message is named by its words (docs/decisions/0066-messages.md).
  message: {
    table: messages,
    owner: messages.authorId,
    label: sql<string>`coalesce(${messages.text}, ${messages.quick}, '')`,
  },
} as const

export type Target = { ownerId: string; label: string; hidden: boolean }

/** A report's or an action's target: whose it is, its title (or the user's name), whether it is hidden. */
export async function findTarget(
  db: Database | Transaction,
  type: ReportTargetType,
  id: string,
): Promise<Target | undefined> {
  if (type === 'user') {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id))
    return row ? { ownerId: id, label: row.name, hidden: false } : undefined
  }
  if (!UUID.test(id)) return undefined
  const { table, owner, label } = HIDEABLE[type]
  const [row] = await db
    .select({ ownerId: owner, label, hidden: sql<boolean>`${table.hiddenAt} is not null` })
    .from(table)
    .where(eq(table.id, id))
  return row
}

/** Hides or shows content; false when it already was so. */
export async function setHidden(
  tx: Transaction,
  type: HideableType,
  id: string,
  hidden: boolean,
): Promise<boolean> {
  const { table } = HIDEABLE[type]
  const changed = await tx
    .update(table)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(sql`${table.id} = ${id} and ${table.hiddenAt} is ${sql.raw(hidden ? 'null' : 'not null')}`)
    .returning({ id: table.id })
  return changed.length > 0
}
