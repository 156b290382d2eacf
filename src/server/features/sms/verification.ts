/**
 * Proving a phone number (docs/decisions/0051-sms-over-smpp.md): a six-digit code by SMS to the
 * profile's number, valid ten minutes, five tries; at most three codes an hour to a user and to a
 * number, counted in the SMS log so every instance agrees. Only the code's hash is stored.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { displayPhone, normalisePhone, PHONE_CODE } from '../../../shared/sms'
import type { Database } from '../../db/client'
import { phoneVerifications } from '../../db/schema'
import { AppError, badRequest, conflict } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import { findUserById, markPhoneVerified } from '../users/service'
import { type SmsOutbox, sentSince } from './messages'

const HOUR_MS = 60 * 60_000

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

function hashOf(userId: string, phone: string, code: string): Buffer {
  return createHash('sha256').update(`${userId}|${phone}|${code}`).digest()
}

/** The profile's number as 94…, or a 400 saying what to fix first. */
async function profileNumber(db: Database, userId: string) {
  const user = await findUserById(db, userId)
  if (!user?.phone) throw badRequest('phone.errors.noPhone')
  const phone = normalisePhone(user.phone)
  if (!phone) throw badRequest('phone.errors.notSriLankan')
  return { user, phone }
}

/**
 * Sends a new code to the profile's number (a code sent before stops counting). 409 when the number
 * is verified already or SMS is off on this server, 429 past three codes an hour.
 */
export async function sendPhoneCode(
  db: Database,
  sms: SmsOutbox & { available: boolean },
  userId: string,
  now: Date = new Date(),
): Promise<{ phone: string; expiresAt: string }> {
  if (!sms.available) throw conflict('phone.errors.smsOff')
  const { user, phone } = await profileNumber(db, userId)
  if (user.verifiedPhone === phone) throw conflict('phone.errors.alreadyVerified')
  const sent = await sentSince(db, {
    kind: 'verification',
    userId,
    phone,
    since: new Date(now.getTime() - HOUR_MS),
  })
  if (sent.byUser >= PHONE_CODE.sendsPerHour || sent.byPhone >= PHONE_CODE.sendsPerHour) {
    throw new AppError(429, 'rate_limited', 'phone.errors.tooManyCodes')
  }
  const code = String(randomInt(10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0')
  const expiresAt = new Date(now.getTime() + PHONE_CODE.validMinutes * 60_000)
  await db
    .insert(phoneVerifications)
    .values({
      userId,
      phone,
      codeHash: hashOf(userId, phone, code).toString('hex'),
      expiresAt,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: phoneVerifications.userId,
      set: {
        phone,
        codeHash: hashOf(userId, phone, code).toString('hex'),
        tries: 0,
        expiresAt,
        createdAt: now,
      },
    })
  // Asked for this minute: never held by the quiet hours.
  await sms.queue({
    userId,
    phone,
    kind: 'verification',
    text: translator(user.language)('sms.verification.code', { code }),
  })
  return { phone: displayPhone(phone), expiresAt: expiresAt.toISOString() }
}

/**
 * Checks a code: right, the number it went to becomes the verified one. A wrong code costs a try
 * (400); the sixth try, an expired code or none is refused before the code is compared.
 */
export async function confirmPhoneCode(
  db: Database,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<UserRow> {
  const [pending] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId))
  if (!pending || pending.expiresAt.getTime() <= now.getTime()) {
    throw badRequest('phone.errors.codeExpired')
  }
  if (pending.tries >= PHONE_CODE.maxTries) {
    throw new AppError(429, 'rate_limited', 'phone.errors.tooManyTries')
  }
  const { phone } = await profileNumber(db, userId)
  if (phone !== pending.phone) throw conflict('phone.errors.numberChanged')
  const right = timingSafeEqual(hashOf(userId, phone, code), Buffer.from(pending.codeHash, 'hex'))
  if (!right) {
    await db
      .update(phoneVerifications)
      .set({ tries: sql`${phoneVerifications.tries} + 1` })
      .where(eq(phoneVerifications.userId, userId))
    throw badRequest('phone.errors.wrongCode')
  }
  if (!(await markPhoneVerified(db, userId, phone))) throw conflict('phone.errors.taken')
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId))
  return (await findUserById(db, userId))!
}
