/**
 * Verified volunteers (docs/decisions/0038-trust-ratings-fair-use.md): a new volunteer waits until a
 * moderator verifies them, or refuses with a reason; each decision is in the audit log and the
 * volunteer is told.
 */
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { VolunteerToVerify } from '../../../shared/schemas/verification'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import { conflict, notFound } from '../../platform/errors'
import { type Moderation, recordAccountDecision } from '../moderation/service'
import { verificationOf } from '../users/service'

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
    state: verificationOf(row),
    refusal: row.verificationRefusal,
    decidedAt: row.verificationDecidedAt?.toISOString() ?? null,
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
        status === 'pending' ? isNull(users.verificationRefusal) : isNotNull(users.verificationRefusal),
      ),
    )
    .orderBy(
      ...(status === 'pending' ? [users.createdAt, users.id] : [desc(users.verificationDecidedAt), users.id]),
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
        verificationRefusal: refusal,
        verificationDecidedBy: moderatorId,
        verificationDecidedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, volunteerId))
    const auditId = await recordAccountDecision(tx, moderation, {
      subject: 'volunteer',
      moderatorId,
      userId: volunteerId,
      refusal,
      event: refusal === null ? 'verification.granted' : 'verification.refused',
      params: {},
      // The volunteer's own screens (dashboard, waiting deliveries) follow their new standing.
      changes: 'deliveries',
    })
    return { auditId }
  })
}
