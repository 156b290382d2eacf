import { createHash, randomBytes } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { users, verifications } from '../../db/schema'
import { badRequest } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import type { Mailer } from '../../platform/mail'
import { appointAdministrators } from '../moderation/service'

/**
 * Links that prove a mailbox (docs/decisions/0057-proved-email-and-sign-in-links.md): an e-mail
 * verification link (24 hours) and a one-time sign-in link (15 minutes). Both live in better-auth's
 * verifications table, keyed by the token's SHA-256 so that a copy of the table signs nobody in;
 * each is used once (deleted as it is read, one statement, so two clicks cannot both win).
 */
const VERIFY_PREFIX = 'email-verification:'
const SIGN_IN_PREFIX = 'sign-in-link:'
export const EMAIL_VERIFICATION_MS = 24 * 60 * 60_000
export const SIGN_IN_LINK_MS = 15 * 60_000

const digest = (token: string) => createHash('sha256').update(token).digest('base64url')

async function issue(db: Database, identifierPrefix: string, value: string, ttlMs: number) {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await db.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: `${identifierPrefix}${digest(token)}`,
    value,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
    updatedAt: now,
  })
  return token
}

/** The token's value, used up; a 400 with the link's words when it is unknown, used or expired. */
async function consume(db: Database, identifierPrefix: string, token: string): Promise<string> {
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${identifierPrefix}${digest(token)}`))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt })
  if (!row) throw badRequest('auth.errors.linkInvalid')
  if (row.expiresAt.getTime() < Date.now()) throw badRequest('auth.errors.linkExpired')
  return row.value
}

/** A verification link's token for the user's current address: a later change of address voids it. */
export function issueEmailVerification(db: Database, user: { id: string; email: string }) {
  return issue(db, VERIFY_PREFIX, `${user.id} ${user.email.toLowerCase()}`, EMAIL_VERIFICATION_MS)
}

/**
 * Marks the address the link was mailed to as proved, if it is still the account's, and makes the
 * account a moderator when ADMIN_EMAILS lists it (only a proved address is ever promoted).
 */
export async function confirmEmailVerification(db: Database, token: string, adminEmails: readonly string[]) {
  const [userId, email] = (await consume(db, VERIFY_PREFIX, token)).split(' ')
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId!), eq(sql`lower(${users.email})`, email!)))
    .returning({ id: users.id })
  if (!row) throw badRequest('auth.errors.linkInvalid')
  // The other links of the account are spent with this one.
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${VERIFY_PREFIX}%`), like(verifications.value, `${userId} %`)))
  await appointAdministrators(
    db,
    adminEmails.filter((admin) => admin === email),
  )
  return row.id
}

export function issueSignInLink(db: Database, userId: string) {
  return issue(db, SIGN_IN_PREFIX, userId, SIGN_IN_LINK_MS)
}

/** The account a sign-in link signs in; the link proved the mailbox, so the address is proved too. */
export async function useSignInLink(db: Database, token: string, adminEmails: readonly string[]) {
  const userId = await consume(db, SIGN_IN_PREFIX, token)
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
  if (!row) throw badRequest('auth.errors.linkInvalid')
  await appointAdministrators(
    db,
    adminEmails.filter((admin) => admin === row.email.toLowerCase()),
  )
  return row
}

type Recipient = { name: string; email: string; language: string }

/** The mails with a link, in the reader's language. */
export function proofMails(
  { config, mailer }: { config: { publicUrl: string; supportEmail: string }; mailer: Mailer },
  log: FastifyBaseLogger,
) {
  const send = async (user: Recipient, subjectKey: string, textKey: string, link: string) => {
    const t = translator(user.language)
    await mailer
      .send({
        to: user.email,
        subject: t(subjectKey),
        text: t(textKey, { name: user.name, link, support: config.supportEmail }),
      })
      .catch((error) => log.error({ err: error }, `${subjectKey} mail failed`))
  }
  return {
    verification: (user: Recipient, token: string) =>
      send(
        user,
        'mail.verifyEmail.subject',
        'mail.verifyEmail.text',
        `${config.publicUrl}/verify-email?token=${token}`,
      ),
    signInLink: (user: Recipient, token: string) =>
      send(
        user,
        'mail.signInLink.subject',
        'mail.signInLink.text',
        `${config.publicUrl}/sign-in-link?token=${token}`,
      ),
  }
}
