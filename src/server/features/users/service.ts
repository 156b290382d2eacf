import { eq, sql } from 'drizzle-orm'
import type { Me } from '../../../shared/schemas/users'
import type { Database } from '../../db/client'
import { users, verifications } from '../../db/schema'

type UserRow = typeof users.$inferSelect

export function toMe(row: UserRow): Me {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Me['role'],
    donorType: row.donorType as Me['donorType'],
    district: row.district,
    location: row.location,
    phone: row.phone,
    avatarUrl: row.profileImageUrl ?? row.image ?? null,
    isVerified: row.isVerified,
    language: row.language as Me['language'],
    createdAt: row.createdAt.toISOString(),
  }
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row
}

/** Why a reset token cannot be used: expired, or unknown (never issued, or already used). */
export async function resetTokenProblem(db: Database, token: string): Promise<'expired' | 'invalid' | null> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1)
  if (!row) return 'invalid'
  return row.expiresAt.getTime() < Date.now() ? 'expired' : null
}
