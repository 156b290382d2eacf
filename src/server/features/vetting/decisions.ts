/**
 * Vetting (docs/glossary.md): a new volunteer (docs/decisions/0038-trust-ratings-fair-use.md) or
 * organisation (0054-organisations-and-their-limits.md) waits until a moderator verifies them, or
 * refuses with a reason; each decision is in the audit log and the account is told.
 */
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { OrganisationToVerify } from '../../../shared/schemas/organisations'
import type { VolunteerToVerify } from '../../../shared/schemas/vetting'
import type { Database } from '../../db/client'
import { organisations, users } from '../../db/schema'
import { conflict, notFound } from '../../platform/errors'
import { type Moderation, recordAccountDecision } from '../moderation/service'
import { ownOrganisation } from '../organisations/service'
import { vettingStateOf } from '../users/service'

type UserRow = typeof users.$inferSelect

function toVolunteer(row: UserRow): VolunteerToVerify {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneVerified: row.verifiedPhone !== null,
    emailVerified: row.emailVerified,
    district: row.district,
    location: row.location,
    bio: row.bio,
    avatarUrl: row.profileImageUrl ?? row.image ?? null,
    createdAt: row.createdAt.toISOString(),
    state: vettingStateOf(row),
    refusal: row.vettingRefusal,
    decidedAt: row.vettingDecidedAt?.toISOString() ?? null,
  }
}

/** Volunteers waiting for a decision (oldest account first) or refused (latest decision first). */
export async function listVolunteers(
  db: Database,
  status: 'pending' | 'refused',
  page: number,
  size: number,
): Promise<{ items: VolunteerToVerify[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'volunteer'),
        eq(users.isVerified, false),
        status === 'pending' ? isNull(users.vettingRefusal) : isNotNull(users.vettingRefusal),
      ),
    )
    .orderBy(
      ...(status === 'pending' ? [users.createdAt, users.id] : [desc(users.vettingDecidedAt), users.id]),
    )
    .limit(size + 1)
    .offset((page - 1) * size)
  return { items: rows.slice(0, size).map(toVolunteer), hasMore: rows.length > size }
}

/**
 * Verifies (reason null) or refuses a volunteer, in one transaction with its audit entry. 404 for
 * anyone who is not a volunteer; 409 when they are verified already. A refused volunteer may be
 * verified later (the moderator changed their mind after a call).
 */
export async function decideVolunteer(
  db: Database,
  moderation: Moderation,
  moderatorId: string,
  volunteerId: string,
  refusal: string | null,
): Promise<{ auditId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, volunteerId)).for('update')
    if (row?.role !== 'volunteer') throw notFound('moderation.errors.volunteerNotFound')
    if (row.isVerified) throw conflict('moderation.errors.alreadyVerified')
    const now = new Date()
    await tx
      .update(users)
      .set({
        isVerified: refusal === null,
        vettingRefusal: refusal,
        vettingDecidedBy: moderatorId,
        vettingDecidedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, volunteerId))
    const auditId = await recordAccountDecision(tx, moderation, {
      subject: 'volunteer',
      moderatorId,
      userId: volunteerId,
      refusal,
      event: refusal === null ? 'volunteerVetting.verified' : 'volunteerVetting.refused',
      params: {},
      // The volunteer's own screens (dashboard, waiting deliveries) follow their new standing.
      changes: 'deliveries',
    })
    return { auditId }
  })
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
      ...ownOrganisation(organisation),
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
