import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { activeSuspension } from '../../../shared/moderation'
import { pointOf } from '../../../shared/schemas/point'
import type { Me, ProfileUpdate } from '../../../shared/schemas/users'
import { normalisePhone } from '../../../shared/sms'
import type { Database } from '../../db/client'
import { users, verifications } from '../../db/schema'
import { translator } from '../../platform/i18n'
import type { Mailer } from '../../platform/mail'
import { organisationOf } from '../organisations/service'

type UserRow = typeof users.$inferSelect

/** The user as /api/me answers; `organisation`: the one a recipient signed up for (features/organisations). */
export function toMe(row: UserRow, organisation: Me['organisation']): Me {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Me['role'],
    donorType: row.donorType as Me['donorType'],
    district: row.district,
    diet: row.diet as Me['diet'],
    location: row.location,
    phone: row.phone,
    phoneVerified: row.verifiedPhone !== null,
    emailVerified: row.emailVerified,
    smsStopped: row.smsStoppedAt !== null,
    avatarUrl: row.profileImageUrl ?? row.image ?? null,
    isVerified: row.isVerified,
    verification: vettingStateOf(row),
    vettingRefusal: row.isVerified ? null : row.vettingRefusal,
    language: row.language as Me['language'],
    languageChosen: row.languageChosen,
    createdAt: row.createdAt.toISOString(),
    suspension: suspensionOf(row),
    organisation,
    monthlyReportEmail: row.monthlyReportEmail,
    homePoint: pointOf(row.homeLat, row.homeLng),
    reachKm: row.reachKm,
    vehicle: row.vehicle as Me['vehicle'],
  }
}

/** The user as /api/me answers, read with the organisation they signed up for. */
export async function meOf(db: Database, row: UserRow): Promise<Me> {
  return toMe(row, await organisationOf(db, row.id))
}

function suspensionOf(row: UserRow): Me['suspension'] {
  const suspension = activeSuspension(row, new Date())
  return suspension && { reason: suspension.reason, until: suspension.until?.toISOString() ?? null }
}

/** Verified, refused with a reason, or waiting for a moderator (docs/decisions/0038-trust-ratings-fair-use.md). */
export function vettingStateOf(row: Pick<UserRow, 'isVerified' | 'vettingRefusal'>): Me['verification'] {
  if (row.isVerified) return 'verified'
  return row.vettingRefusal ? 'refused' : 'pending'
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

/**
 * Changes the user's own profile. A new phone number is no longer the verified one: the SMS stop
 * with it until the new number is verified (docs/decisions/0051-sms-over-smpp.md).
 */
export async function updateProfile(db: Database, userId: string, update: ProfileUpdate): Promise<UserRow> {
  const { readerLanguage, homePoint, ...fields } = update
  const phone = fields.phone === undefined ? undefined : fields.phone && normalisePhone(fields.phone)
  const [row] = await db
    .update(users)
    .set({
      ...fields,
      ...(homePoint === undefined
        ? {}
        : { homeLat: homePoint?.lat ?? null, homeLng: homePoint?.lng ?? null }),
      // The person's own pick is kept; the device's language only until they make one (0064).
      ...(fields.language
        ? { languageChosen: true }
        : readerLanguage
          ? {
              language: sql`case when ${users.languageChosen} then ${users.language} else ${readerLanguage} end`,
            }
          : {}),
      ...(phone === undefined
        ? {}
        : {
            verifiedPhone: sql`case when ${users.verifiedPhone} = ${phone ?? ''} then ${users.verifiedPhone} end`,
          }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning()
  return row!
}

/**
 * Whose reset token this is, or why it cannot be used: expired, or unknown (never issued, or
 * already used).
 */
export async function resetTokenOwner(
  db: Database,
  token: string,
): Promise<{ problem: 'expired' | 'invalid' } | { problem: null; userId: string }> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt, userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1)
  if (!row) return { problem: 'invalid' }
  return row.expiresAt.getTime() < Date.now() ? { problem: 'expired' } : { problem: null, userId: row.userId }
}

/** Who a sign-up mail goes to, in their language. */
type MailRecipient = Pick<UserRow, 'name' | 'email' | 'language'>

/**
 * The e-mails of sign-up, in the user's language. Sent without waiting: an answer that waits for
 * SMTP would take longer for one case than the other.
 */
export function accountMails(
  { config, mailer }: { config: { publicUrl: string; supportEmail: string }; mailer: Mailer },
  log: FastifyBaseLogger,
) {
  const send = (user: MailRecipient, subjectKey: string, textKey: string) => {
    const t = translator(user.language)
    const params = {
      name: user.name,
      signIn: `${config.publicUrl}/auth`,
      reset: `${config.publicUrl}/forgot-password`,
      support: config.supportEmail,
    }
    mailer
      .send({ to: user.email, subject: t(subjectKey), text: t(textKey, params) })
      .catch((error) => log.error({ err: error }, `${subjectKey} mail failed`))
  }
  return {
    welcome: (user: MailRecipient) => send(user, 'mail.welcome.subject', 'mail.welcome.text'),
    accountExists: (user: MailRecipient) =>
      send(user, 'mail.accountExists.subject', 'mail.accountExists.text'),
    /** Wrong passwords for the account reached its ceiling today (platform/sign-in-guard.ts). */
    beingGuessed: (user: MailRecipient) =>
      send(user, 'mail.passwordGuessed.subject', 'mail.passwordGuessed.text'),
  }
}
