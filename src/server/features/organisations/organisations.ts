/**
 * Organisations (docs/decisions/0054-organisations-and-their-limits.md): a recipient account that
 * feeds many, vetted by a moderator like a volunteer (features/vetting). Verified, its limits scale
 * with its capacity and it sees large food first.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { OrganisationKind } from '../../../shared/organisations'
import type {
  OrganisationInput,
  OwnOrganisation,
  PublicOrganisation,
} from '../../../shared/schemas/organisations'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { organisations, users } from '../../db/schema'

type OrganisationRow = typeof organisations.$inferSelect

const stateOf = (row: OrganisationRow): OwnOrganisation['state'] =>
  row.isVerified ? 'verified' : row.refusal ? 'refused' : 'pending'

/** The organisation as its account, and its moderators, see it. */
export function ownOrganisation(row: OrganisationRow): OwnOrganisation {
  return {
    kind: row.kind as OrganisationKind,
    name: row.name,
    registrationNumber: row.registrationNumber,
    capacity: row.capacity,
    contactPerson: row.contactPerson,
    state: stateOf(row),
    refusal: row.isVerified ? null : row.refusal,
  }
}

/** The organisation a new recipient account signed up for: pending until a moderator decides. */
export async function addOrganisation(db: Database, userId: string, input: OrganisationInput): Promise<void> {
  await db.insert(organisations).values({
    userId,
    kind: input.kind,
    name: input.name,
    registrationNumber: input.registrationNumber,
    capacity: Number(input.capacity),
    contactPerson: input.contactPerson,
  })
}

/** The account's own organisation, or null for a person. */
export async function organisationOf(db: Database, userId: string): Promise<OwnOrganisation | null> {
  const [row] = await db.select().from(organisations).where(eq(organisations.userId, userId))
  return row ? ownOrganisation(row) : null
}

export type VerifiedOrganisation = {
  name: string
  kind: OrganisationKind
  capacity: number
  district: string | null
}

/** The verified organisation of a recipient (in the order's transaction), or null: a person's limits apply. */
export async function verifiedOrganisation(
  executor: Database | Transaction,
  userId: string,
): Promise<VerifiedOrganisation | null> {
  const [row] = await executor
    .select({ ...columnsOf(organisations, 'name', 'kind', 'capacity'), district: users.district })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(and(eq(organisations.userId, userId), eq(organisations.isVerified, true)))
  return row ? { ...row, kind: row.kind as OrganisationKind } : null
}

/** The accounts of the verified organisations of a district: who sees its large food first. */
export async function verifiedOrganisationsIn(
  executor: Database | Transaction,
  district: string,
): Promise<string[]> {
  const rows = await executor
    .select({ id: organisations.userId })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(
      and(
        eq(organisations.isVerified, true),
        eq(users.district, district),
        eq(users.role, 'recipient'),
        isNull(users.suspendedAt),
      ),
    )
  return rows.map((row) => row.id)
}

/** Name and kind of each verified organisation among `userIds`: what donors see, never members. */
export async function publicOrganisations(
  db: Database,
  userIds: string[],
): Promise<Map<string, PublicOrganisation>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select(columnsOf(organisations, 'userId', 'name', 'kind'))
    .from(organisations)
    .where(and(inArray(organisations.userId, userIds), eq(organisations.isVerified, true)))
  return new Map(rows.map((row) => [row.userId, { name: row.name, kind: row.kind as OrganisationKind }]))
}

/** The organisation in its account's data export (docs/decisions/0039-own-data.md). */
export async function organisationExport(db: Database, userId: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.userId, userId))
  return row ?? null
}

/** An erased account's organisation goes with it: its name, registration and contact person. */
export async function removeOrganisationOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(organisations).where(eq(organisations.userId, userId))
}
