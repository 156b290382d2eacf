import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { AppError } from './errors'
import { type Budget, type Counters, SIGN_IN_BUDGETS } from './limits'

/** The cookie that makes a browser a device the account signed in from before (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'ahara_device'
/** Where the device cookie lived before 0057: expired whenever the new one is set. */
export const LEGACY_DEVICE_COOKIE_PATH = '/api/sessions'
/** Accounts remembered per device (a family's shared phone). */
const DEVICES_PER_COOKIE = 5
const DEVICE_COOKIE_DAYS = 365
/** How long a clearing (a reset, a known device's sign-in) is remembered: longer than any window. */
const EPOCH_WINDOW_MS = 30 * 24 * 60 * 60_000

/** Who is signing in: the account's e-mail, the client's address (TRUST_PROXY's rule) and device cookie. */
export type SignInAttempt = { email: string; address: string; deviceCookie: string | undefined }

/** What the guard found out about a failure: the account just reached its ceiling (tell the owner). */
export type FailureOutcome = { accountBeingGuessed: boolean }

/**
 * Slows password guessing without letting a stranger lock an owner out
 * (docs/decisions/0045-hardening-after-outside-test.md):
 *
 * - a known device (one that signed in to the account before, by a signed cookie) is limited by its
 *   own failures only, so the owner's phone gets in whatever a guesser elsewhere does;
 * - any other source is limited per address and account (the guesser's own budget), and per address
 *   over all accounts (AUTH_RATE_LIMIT failures a minute: successes are not counted, for carrier NAT);
 * - over all unknown sources the account has a ceiling: after its free failures each further try
 *   waits twice as long as the one before (up to 15 minutes), a delay and never a lock; the owner is
 *   mailed when it starts;
 * - a completed reset, or a sign-in from a known device, clears the account's counts (a new epoch:
 *   every count is keyed by it, so nothing needs deleting, in memory or in Redis).
 */
export class SignInGuard {
  constructor(
    private readonly counters: Counters,
    private readonly secret: string,
    /** Failed sign-ins a minute per address from unknown devices (AUTH_RATE_LIMIT), not scaled in tests. */
    private readonly addressFailuresPerMinute: number,
  ) {}

  /** Throws 429 when this attempt must wait; answers whether it comes from a known device. */
  async before(attempt: SignInAttempt): Promise<{ knownDevice: string | undefined }> {
    const keys = await this.keysOf(attempt)
    const knownDevice = this.knownDeviceOf(attempt)
    if (knownDevice) {
      await this.counters.check(keys.device(knownDevice), SIGN_IN_BUDGETS.perDevice, TOO_MANY)
      return { knownDevice }
    }
    await this.counters.check(keys.address, this.addressBudget(), 'errors.rateLimited', { exact: true })
    await this.counters.check(keys.source, SIGN_IN_BUDGETS.perSource, TOO_MANY)
    const { count, retryAfterSeconds } = await this.counters.peek(keys.wait)
    if (count > 0)
      throw new AppError(429, 'rate_limited', 'errors.signInSlowedDown', undefined, retryAfterSeconds)
    return { knownDevice: undefined }
  }

  /** Counts a wrong password (or unknown e-mail: the same, so nothing tells them apart). */
  async failed(attempt: SignInAttempt, knownDevice: string | undefined): Promise<FailureOutcome> {
    const keys = await this.keysOf(attempt)
    if (knownDevice) {
      await this.counters.add(keys.device(knownDevice), SIGN_IN_BUDGETS.perDevice.windowMs)
      return { accountBeingGuessed: false }
    }
    await this.counters.add(keys.address, MINUTE)
    await this.counters.add(keys.source, SIGN_IN_BUDGETS.perSource.windowMs)
    const { count } = await this.counters.add(keys.account, SIGN_IN_BUDGETS.perAccount.windowMs)
    const free = this.counters.scaled(SIGN_IN_BUDGETS.perAccount.max)
    if (count >= free) await this.counters.add(keys.wait, delayAfter(count - free))
    return { accountBeingGuessed: count === free }
  }

  /** A correct password: clears the account after a known device, this source after a new one. */
  async succeeded(attempt: SignInAttempt, knownDevice: string | undefined): Promise<void> {
    if (knownDevice) return this.clear(attempt.email)
    // This source's own failures are forgiven (its key moves on); the account's ceiling stays.
    await this.counters.add(sourceEpochKeyOf(attempt), EPOCH_WINDOW_MS)
  }

  /** A completed password reset: every count of the account starts again. */
  async clear(email: string): Promise<void> {
    await this.counters.add(epochKeyOf(email), EPOCH_WINDOW_MS)
  }

  /** The device cookie after a successful sign-in: this account's entry first, a few others kept. */
  deviceCookieAfterSignIn(attempt: SignInAttempt): string {
    const entries = parseDeviceCookie(attempt.deviceCookie).filter(
      (entry) => !this.isEntryOf(entry, attempt.email),
    )
    const nonce = randomBytes(12).toString('base64url')
    const fresh = `${nonce}.${this.sign(attempt.email, nonce)}`
    return [fresh, ...entries].slice(0, DEVICES_PER_COOKIE).join('~')
  }

  /**
   * Whether this browser signed in to the account before: its own budget for reset requests and
   * sign-in links, which a stranger's requests do not spend (docs/decisions/0057-proved-email-and-sign-in-links.md).
   */
  isKnownDevice(email: string, deviceCookie: string | undefined): boolean {
    return this.knownDeviceOf({ email, address: '', deviceCookie }) !== undefined
  }

  /**
   * Set-Cookie attributes of the device cookie: sent to the API only (sign-in, sign-in links, reset
   * requests), never to pages. It was path /api/sessions before 0057: LEGACY_DEVICE_COOKIE_PATH.
   */
  static cookieOptions(secure: boolean) {
    return {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    }
  }

  private addressBudget(): Budget {
    return { max: this.addressFailuresPerMinute, windowMs: MINUTE }
  }

  private knownDeviceOf(attempt: SignInAttempt): string | undefined {
    const entry = parseDeviceCookie(attempt.deviceCookie).find((e) => this.isEntryOf(e, attempt.email))
    return entry?.split('.')[0]
  }

  private isEntryOf(entry: string, email: string): boolean {
    const [nonce, signature] = entry.split('.')
    if (!nonce || !signature) return false
    const expected = Buffer.from(this.sign(email, nonce))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  private sign(email: string, nonce: string): string {
    return createHmac('sha256', this.secret)
      .update(`device:${email.toLowerCase()}:${nonce}`)
      .digest('base64url')
  }

  private async keysOf(attempt: SignInAttempt) {
    const email = attempt.email.toLowerCase()
    const [{ count: epoch }, { count: sourceEpoch }] = await Promise.all([
      this.counters.peek(epochKeyOf(email)),
      this.counters.peek(sourceEpochKeyOf(attempt)),
    ])
    return {
      address: `sign-in:address:${attempt.address}`,
      source: `sign-in:source:${epoch}.${sourceEpoch}:${attempt.address}:${email}`,
      account: `sign-in:account:${epoch}:${email}`,
      wait: `sign-in:wait:${epoch}:${email}`,
      device: (nonce: string) => `sign-in:device:${epoch}:${nonce}`,
    }
  }
}

const MINUTE = 60_000
const TOO_MANY = 'errors.tooManySignInFailures'

const epochKeyOf = (email: string) => `sign-in:epoch:${email.toLowerCase()}`
const sourceEpochKeyOf = (attempt: SignInAttempt) =>
  `sign-in:source-epoch:${attempt.address}:${attempt.email.toLowerCase()}`

/** 1 s after the first failure past the free ones, doubling each time, 15 minutes at most. */
export function delayAfter(failuresPastFree: number): number {
  const { firstMs, maxMs } = SIGN_IN_BUDGETS.delay
  return Math.min(maxMs, firstMs * 2 ** Math.min(failuresPastFree, 30))
}

function parseDeviceCookie(value: string | undefined): string[] {
  if (!value || value.length > 1000) return []
  return value.split('~').filter((entry) => /^[\w-]{1,40}\.[\w-]{1,60}$/.test(entry))
}
