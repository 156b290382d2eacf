import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
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

/** What one try took before its password was checked, given back if the password was right. */
export type SignInTicket = {
  knownDevice: string | undefined
  /** The account's failures from unknown devices so far, this try included (0 for a known device). */
  accountFailures: number
  taken: { refund(): Promise<void> }[]
}

/** What the guard found out about a failure: the account just reached its ceiling (tell the owner). */
export type FailureOutcome = { accountBeingGuessed: boolean }

/**
 * Slows password guessing without letting a stranger lock an owner out
 * (docs/decisions/0045-hardening-after-outside-test.md, 0059-limits-before-work.md). Every try takes
 * its places in the counts before its password is hashed, so a burst can never get more checked
 * than the budgets; a right password gives them back.
 *
 * - a known device (one that signed in to the account before, by a signed cookie) is limited by its
 *   own failures only, so the owner's phone gets in whatever a guesser elsewhere does;
 * - any other source is limited per address and account (the guesser's own budget), and per address
 *   over all accounts (AUTH_RATE_LIMIT failures a minute: successes are not counted, for carrier NAT;
 *   nor are e-mails without an account, so a stranger spraying made-up addresses cannot use up the
 *   budget of an owner behind the same address, though every try is refused by the same rule);
 * - over all unknown sources the account has a ceiling: past its free failures each further try
 *   waits twice as long as the one before (up to 15 minutes), a delay and never a lock. A source that
 *   failed on the account already waits in its own lane; only sources new to the account share one,
 *   so a patient guesser never holds an owner's new device. The owner is mailed when it starts;
 * - a completed reset, or a sign-in from a known device, clears the account's counts (a new epoch:
 *   every count is keyed by it, so nothing needs deleting, in memory or in Redis).
 */
export class SignInGuard {
  constructor(
    private readonly counters: Counters,
    private readonly secret: string,
    /** Failed sign-ins a minute per address from unknown devices (AUTH_RATE_LIMIT), not scaled in tests. */
    private readonly addressFailuresPerMinute: number,
    /** Whether an account has this e-mail (asked for every try from an unknown device alike). */
    private readonly accountExists: (email: string) => Promise<boolean>,
  ) {}

  /** Takes this try's places, or throws 429 when it must wait (giving back what it took). */
  async before(attempt: SignInAttempt): Promise<SignInTicket> {
    const keys = await this.keysOf(attempt)
    const knownDevice = this.knownDeviceOf(attempt)
    if (knownDevice) {
      const device = await this.counters.take(keys.device(knownDevice), SIGN_IN_BUDGETS.perDevice, TOO_MANY)
      return { knownDevice, accountFailures: 0, taken: [device] }
    }
    const taken: SignInTicket['taken'] = []
    try {
      const address = this.addressBudget()
      if (await this.accountExists(attempt.email))
        taken.push(await this.counters.take(keys.address, address, 'errors.rateLimited', { exact: true }))
      else await this.counters.check(keys.address, address, 'errors.rateLimited', { exact: true })
      taken.push(await this.counters.take(keys.source, SIGN_IN_BUDGETS.perSource, TOO_MANY))
      const { count: sourceFailures } = await this.counters.peek(keys.sourceDay)
      const account = await this.counters.take(keys.account, UNCAPPED_DAY)
      taken.push(account)
      if (account.count >= this.counters.scaled(SIGN_IN_BUDGETS.perAccount.max)) {
        // Past the free failures: one try per wait, in this source's lane or the new sources' one.
        const lane = sourceFailures > 0 ? keys.sourceLane : keys.newSourcesLane
        const { count: before } = await this.counters.peek(lane)
        const wait = { max: 1, windowMs: delayAfter(before) }
        taken.push(await this.counters.take(keys.wait(lane), wait, SLOWED_DOWN))
        taken.push(await this.counters.take(lane, UNCAPPED_DAY))
      }
      taken.push(await this.counters.take(keys.sourceDay, UNCAPPED_DAY))
      return { knownDevice: undefined, accountFailures: account.count, taken }
    } catch (error) {
      await giveBack(taken)
      throw error
    }
  }

  /** A wrong password (or unknown e-mail: the same, so nothing tells them apart): its places stay taken. */
  failed(ticket: SignInTicket): FailureOutcome {
    return {
      accountBeingGuessed:
        ticket.knownDevice === undefined &&
        ticket.accountFailures === this.counters.scaled(SIGN_IN_BUDGETS.perAccount.max),
    }
  }

  /** A right password: its places are given back; it clears the account after a known device, this source after a new one. */
  async succeeded(attempt: SignInAttempt, ticket: SignInTicket): Promise<void> {
    await giveBack(ticket.taken)
    if (ticket.knownDevice) return this.clear(attempt.email)
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
      sourceDay: `sign-in:source-day:${epoch}.${sourceEpoch}:${attempt.address}:${email}`,
      account: `sign-in:account:${epoch}:${email}`,
      sourceLane: `sign-in:lane:${epoch}.${sourceEpoch}:${attempt.address}:${email}`,
      newSourcesLane: `sign-in:lane:${epoch}:new:${email}`,
      wait: (lane: string) => `${lane}:wait`,
      device: (nonce: string) => `sign-in:device:${epoch}:${nonce}`,
    }
  }
}

const MINUTE = 60_000
const TOO_MANY = 'errors.tooManySignInFailures'
const SLOWED_DOWN = 'errors.signInSlowedDown'
/** Counts kept a day, never refused by themselves (the account's failures, a lane's tries). */
const UNCAPPED_DAY = { max: Number.MAX_SAFE_INTEGER, windowMs: SIGN_IN_BUDGETS.perAccount.windowMs }

async function giveBack(taken: SignInTicket['taken']) {
  for (const slot of [...taken].reverse()) await slot.refund()
}

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
