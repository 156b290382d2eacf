/**
 * Proving a phone number (docs/decisions/0051-sms-over-smpp.md): a six-digit code by SMS to the
 * profile's number, valid ten minutes, five tries; at most three codes an hour to a user and to a
 * number, counted in the SMS log so every instance agrees. Only the code's hash is stored.
 *
 * Each cap takes its place before the SMS is sent (docs/decisions/0059-limits-before-work.md): the
 * log is counted and the new text recorded under one lock, so parallel requests queue for it and
 * each sees the others' texts; a try at a code is counted before the code is compared.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { displayPhone, normalisePhone, PHONE_CODE, PHONE_CODE_CAPS } from '../../../shared/sms'
import type { Database, Transaction } from '../../db/client'
import { phoneCodes, smsMessages } from '../../db/schema'
import { AppError, badRequest, conflict } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import type { Counters } from '../../platform/limits'
import { findUserById, markPhoneVerified } from '../users/service'
import type { SmsOutbox } from './messages'

const HOUR_MS = 60 * 60_000

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

/** Which cap refused a code (the label of sms_codes_refused_total in /metrics). */
export type CodeCap = 'user' | 'number' | 'newAccount' | 'address' | 'service'

const CAP_MESSAGES: Record<CodeCap, string> = {
  user: 'phone.errors.tooManyCodes',
  number: 'phone.errors.tooManyCodes',
  newAccount: 'phone.errors.newAccountCodes',
  address: 'phone.errors.tooManyCodesHere',
  service: 'phone.errors.smsBusy',
}

/** What the caps need: the counters (per address), SMS_MAX_PER_HOUR, and where refusals are counted. */
export type CodeCaps = { counters: Counters; maxPerHour: number; refused(cap: CodeCap): void }

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

class CapReached extends Error {
  constructor(readonly cap: CodeCap) {
    super(cap)
  }
}

/**
 * The cap a new code to `phone` for `user` would pass, if any, counted in the SMS log. Runs under
 * the lock (lockCodeSends), so the count includes every code recorded before.
 */
async function capReached(
  tx: Transaction,
  { user, phone, maxPerHour, now }: { user: UserRow; phone: string; maxPerHour: number; now: Date },
): Promise<CodeCap | null> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const newAccountSince = new Date(now.getTime() - PHONE_CODE_CAPS.newAccountHours * HOUR_MS)
  const since = hourAgo < newAccountSince ? hourAgo : newAccountSince
  const inHour = sql`${smsMessages.createdAt} >= ${hourAgo.toISOString()}::timestamptz`
  const [counts] = await tx
    .select({
      service: sql<number>`count(*) filter (where ${inHour})`.mapWith(Number),
      user: sql<number>`count(*) filter (where ${inHour} and ${smsMessages.userId} = ${user.id})`.mapWith(
        Number,
      ),
      number: sql<number>`count(*) filter (where ${inHour} and ${smsMessages.phone} = ${phone})`.mapWith(
        Number,
      ),
      userDay: sql<number>`count(*) filter (where ${smsMessages.userId} = ${user.id})`.mapWith(Number),
    })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'out'),
        eq(smsMessages.kind, 'verification'),
        sql`${smsMessages.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
  const c = counts ?? { service: 0, user: 0, number: 0, userDay: 0 }
  if (c.user >= PHONE_CODE.sendsPerHour) return 'user'
  if (c.number >= PHONE_CODE.sendsPerHour) return 'number'
  const isNew = user.createdAt.getTime() > newAccountSince.getTime()
  if (isNew && c.userDay >= PHONE_CODE_CAPS.newAccountCodes) return 'newAccount'
  if (c.service >= maxPerHour) return 'service'
  return null
}

/** One code is counted and recorded at a time, over every instance (a transaction-scoped lock). */
async function lockCodeSends(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ahara:sms-codes'))`)
}

/**
 * Sends a new code to the profile's number (a code sent before stops counting). 409 when the number
 * is verified already or SMS is off on this server, 429 past a cap (three codes an hour to a user or
 * a number, ten an hour from an address, three in a new account's first day, SMS_MAX_PER_HOUR).
 */
export async function sendPhoneCode(
  db: Database,
  sms: SmsOutbox & { available: boolean },
  caps: CodeCaps,
  { userId, address }: { userId: string; address: string },
  now: Date = new Date(),
): Promise<{ phone: string; expiresAt: string }> {
  if (!sms.available) throw conflict('phone.errors.smsOff')
  const { user, phone } = await profileNumber(db, userId)
  if (user.verifiedPhone === phone) throw conflict('phone.errors.alreadyVerified')
  const fromAddress = await caps.counters
    .take(
      `sms-codes:address:${address}`,
      { max: PHONE_CODE_CAPS.perAddressPerHour, windowMs: HOUR_MS },
      CAP_MESSAGES.address,
    )
    .catch((error: unknown) => {
      caps.refused('address')
      throw error
    })
  const code = String(randomInt(10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0')
  const codeHash = hashOf(userId, phone, code).toString('hex')
  const expiresAt = new Date(now.getTime() + PHONE_CODE.validMinutes * 60_000)
  try {
    const send = await db.transaction(async (tx) => {
      await lockCodeSends(tx)
      const cap = await capReached(tx, { user, phone, maxPerHour: caps.maxPerHour, now })
      if (cap) throw new CapReached(cap)
      await tx
        .insert(phoneCodes)
        .values({ userId, phone, codeHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({
          target: phoneCodes.userId,
          set: { phone, codeHash, tries: 0, expiresAt, createdAt: now },
        })
      // Asked for this minute: never held by the quiet hours.
      return sms.reserve(tx, {
        userId,
        phone,
        kind: 'verification',
        text: translator(user.language)('sms.verification.code', { code }),
      })
    })
    await send()
  } catch (error) {
    if (!(error instanceof CapReached)) throw error
    await fromAddress.refund()
    caps.refused(error.cap)
    throw new AppError(429, 'rate_limited', CAP_MESSAGES[error.cap], undefined, 60 * 60)
  }
  return { phone: displayPhone(phone), expiresAt: expiresAt.toISOString() }
}

/**
 * Checks a code: right, the number it went to becomes the verified one. Each try is counted before
 * the code is compared (a wrong one is 400); the sixth, an expired code or none is refused.
 */
export async function confirmPhoneCode(
  db: Database,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<UserRow> {
  // The try takes its place first, in one statement: of parallel tries only five ever get compared.
  const [pending] = await db
    .update(phoneCodes)
    .set({ tries: sql`${phoneCodes.tries} + 1` })
    .where(
      and(
        eq(phoneCodes.userId, userId),
        gt(phoneCodes.expiresAt, now),
        lt(phoneCodes.tries, PHONE_CODE.maxTries),
      ),
    )
    .returning()
  if (!pending) {
    const [left] = await db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, userId), gt(phoneCodes.expiresAt, now)))
    if (!left) throw badRequest('phone.errors.codeExpired')
    throw new AppError(429, 'rate_limited', 'phone.errors.tooManyTries')
  }
  const { phone } = await profileNumber(db, userId)
  if (phone !== pending.phone) throw conflict('phone.errors.numberChanged')
  const right = timingSafeEqual(hashOf(userId, phone, code), Buffer.from(pending.codeHash, 'hex'))
  if (!right) throw badRequest('phone.errors.wrongCode')
  if (!(await markPhoneVerified(db, userId, phone))) throw conflict('phone.errors.taken')
  await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId))
  return (await findUserById(db, userId))!
}
