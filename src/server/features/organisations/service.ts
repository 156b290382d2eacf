/**
 * Organisations (docs/decisions/0054-organisations-and-their-limits.md): a recipient account that
 * feeds many, verified or refused by a moderator like a volunteer, each decision in the audit log and
 * told to the account. Verified, its limits scale with its capacity and it sees large food first.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { OrganisationKind } from '../../../shared/organisations'
import type {
  OrganisationInput,
  OrganisationToVerify,
  OwnOrganisation,
  PublicOrganisation,
} from '../../../shared/schemas/organisations'
import type { Database, Transaction } from '../../db/client'
import { organisations, users } from '../../db/schema'
import { conflict, notFound } from '../../platform/errors'
import { type Moderation, recordAccountDecision } from '../moderation/service'

type OrganisationRow = typeof organisations.$inferSelect

const stateOf = (row: OrganisationRow): OwnOrganisation['state'] =>
  row.isVerified ? 'verified' : row.refusal ? 'refused' : 'pending'

function toOwn(row: OrganisationRow): OwnOrganisation {
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
  return row ? toOwn(row) : null
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
    .select({
      name: organisations.name,
      kind: organisations.kind,
      capacity: organisations.capacity,
      district: users.district,
    })
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
    .select({ userId: organisations.userId, name: organisations.name, kind: organisations.kind })
    .from(organisations)
    .where(and(inArray(organisations.userId, userIds), eq(organisations.isVerified, true)))
  return new Map(rows.map((row) => [row.userId, { name: row.name, kind: row.kind as OrganisationKind }]))
}

/** Organisations waiting for a decision (oldest first) or refused (latest decision first). */
export async function listOrganisations(
  db: Database,
  status: 'pending' | 'refused',
  page: number,
  size: number,
): Promise<{ items: OrganisationToVerify[]; hasMore: boolean }> {
  const rows = await db
    .select({ organisation: organisations, user: users })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(
      and(
        eq(organisations.isVerified, false),
        status === 'pending' ? isNull(organisations.refusal) : isNotNull(organisations.refusal),
      ),
    )
    .orderBy(
      ...(status === 'pending'
        ? [organisations.createdAt, organisations.userId]
        : [desc(organisations.decidedAt), organisations.userId]),
    )
    .limit(size + 1)
    .offset((page - 1) * size)
  return {
    items: rows.slice(0, size).map(({ organisation, user }) => ({
      ...toOwn(organisation),
      id: user.id,
      email: user.email,
      phone: user.phone,
      phoneVerified: user.verifiedPhone !== null,
      emailVerified: user.emailVerified,
      district: user.district,
      location: user.location,
      createdAt: organisation.createdAt.toISOString(),
      decidedAt: organisation.decidedAt?.toISOString() ?? null,
    })),
    hasMore: rows.length > size,
  }
}

/**
 * Verifies (refusal null) or refuses an organisation, in one transaction with its audit entry and
 * the event that tells the account. 404 for an account without an organisation; 409 once verified.
 */
export async function decideOrganisation(
  db: Database,
  moderation: Moderation,
  moderatorId: string,
  userId: string,
  refusal: string | null,
): Promise<{ auditId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(organisations).where(eq(organisations.userId, userId)).for('update')
    if (!row) throw notFound('moderation.errors.organisationNotFound')
    if (row.isVerified) throw conflict('moderation.errors.organisationAlreadyVerified')
    const now = new Date()
    await tx
      .update(organisations)
      .set({ isVerified: refusal === null, refusal, decidedBy: moderatorId, decidedAt: now, updatedAt: now })
      .where(eq(organisations.userId, userId))
    const auditId = await recordAccountDecision(tx, moderation, {
      subject: 'organisation',
      moderatorId,
      userId,
      refusal,
      event: refusal === null ? 'organisation.verified' : 'organisation.refused',
      params: { name: row.name },
      details: { organisation: row.name },
      // Its own screens (dashboard, limits) follow its new standing.
      changes: 'orders',
    })
    return { auditId }
  })
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
