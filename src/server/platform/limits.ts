import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export type Budget = { max: number; windowMs: number }

/** `max` an hour, the window of most budgets. */
const perHour = (max: number): Budget => ({ max, windowMs: HOUR })
/** `max` a day. */
const perDay = (max: number): Budget => ({ max, windowMs: 24 * HOUR })

/**
 * Every per-account and per-user budget of the server, in one place (docs/decisions/0003-limits.md).
 * Per-address limits of sign-in, sign-up and resets follow AUTH_RATE_LIMIT (addressLimitsOf).
 */
export const BUDGETS = {
  /**
   * Password reset mails per e-mail address; the owner (signed in, or on a device the account signed
   * in from) has a budget of their own (docs/decisions/0057-proved-email-and-sign-in-links.md).
   */
  resetMails: perHour(5),
  /** "You already have an Ahara account" mails per address: someone signing up with it. */
  accountExistsMails: perHour(1),
  /** E-mail verification links a signed-in user asks to be sent again. */
  verificationMails: perHour(3),
  /** One-time sign-in links per account (the owner's known device has a budget of its own). */
  signInLinks: perHour(3),
  /** Wrong passwords (or e-mails) confirming an account's deletion, per account. */
  deletionFailures: { max: 5, windowMs: 15 * MINUTE },
  /** Monthly report PDFs rendered per user (a cached one is free): docs/decisions/0059-limits-before-work.md. */
  reportRenders: perHour(10),
  /** Messages per person in one thread (docs/decisions/0066-messages.md); 200 a day overall is WRITE_BUDGETS.messages. */
  threadMessages: perHour(30),
} as const satisfies Record<string, Budget>

/**
 * Failed sign-ins (platform/sign-in-guard.ts; docs/decisions/0045-hardening-after-outside-test.md).
 * A stranger's failures never lock the owner out: they slow the guessing source, and over all
 * sources they only delay the account's next try.
 */
export const SIGN_IN_BUDGETS = {
  /** One address guessing one account (the guesser's own budget). */
  perSource: { max: 5, windowMs: 15 * MINUTE },
  /** A device that signed in to the account before: the owner's own typos. */
  perDevice: { max: 10, windowMs: 15 * MINUTE },
  /** Failures from unknown devices per account a day before each further try waits. */
  perAccount: perDay(10),
  /** The wait after the free failures: doubling from firstMs up to maxMs. */
  delay: { firstMs: 1000, maxMs: 15 * MINUTE },
} as const

/**
 * Per-address limits (a minute) from AUTH_RATE_LIMIT: failed sign-ins from unknown devices count,
 * successful ones do not (carrier NAT puts thousands of phones behind one address); sign-ups and
 * reset requests get three times as many; every sign-in request, right or wrong, thirty times, only
 * so that one address cannot keep the password hashing busy.
 */
export function addressLimitsOf(authRateLimit: number) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } })
  return {
    signInFailures: authRateLimit,
    signInRequests: perMinute(authRateLimit * 30),
    signUps: perMinute(authRateLimit * 3),
    resets: perMinute(authRateLimit * 3),
  }
}

/**
 * Live-update streams (docs/decisions/0063-live-listings.md): a signed-in user holds a few at once;
 * an address is limited in how fast it opens them, not in how many it holds, since carrier NAT puts
 * thousands of phones behind one address. A refused page polls every 30 s instead.
 */
export const STREAM_CAPS = {
  perUser: 5,
  perAddress: { max: 600, windowMs: MINUTE },
} as const satisfies { perUser: number; perAddress: Budget }

/** Signed-in writes per user and hour, by what they write. */
export const WRITE_BUDGETS = {
  listings: perHour(30),
  /** New claims, food requests and delivery requests. */
  orders: perHour(30),
  /** Decisions and steps on orders and deliveries: a busy donor approves many. */
  orderSteps: perHour(600),
  uploads: perHour(60),
  stories: perHour(120),
  events: perHour(60),
  notifications: perHour(600),
  /** Reports of content and users: a few an hour is plenty, and a flood of them is abuse. */
  reports: perHour(10),
  /** Messages in the threads of orders and deliveries, over all threads (docs/decisions/0066-messages.md). */
  messages: perDay(200),
  /** A moderator's actions. */
  moderation: perHour(600),
  other: perHour(300),
} as const satisfies Record<string, Budget>

export type WriteKind = keyof typeof WRITE_BUDGETS

const ORDER_SEGMENTS = new Set(['claims', 'food-requests', 'deliveries'])

/**
 * Which budget a write to this route spends: /api/listings/:id/claims places an order,
 * /api/claims/:id/approve is a step of one, /api/stories/:id/like spends the stories budget.
 */
export function writeKindOf(routeUrl: string): WriteKind {
  const segments = routeUrl.split('/').filter((s) => s && s !== 'api' && !s.startsWith(':'))
  const first = segments[0] ?? ''
  if (segments.at(-1) === 'messages') return 'messages'
  if (ORDER_SEGMENTS.has(first)) return 'orderSteps'
  if (segments.some((s) => ORDER_SEGMENTS.has(s))) return 'orders'
  return first in WRITE_BUDGETS ? (first as WriteKind) : 'other'
}

/** Where counts live: this process's memory, or Redis shared by every instance (platform/redis-counters.ts). */
export type CounterStore = {
  /** Hits of the key in its current window, and the milliseconds until the window resets. */
  count(key: string): Promise<{ count: number; resetInMs: number }>
  /**
   * Adds `amount` hits (one unless told; -1 gives a hit back) in one atomic step, starting a window
   * of `windowMs` when the key has none; answers the count including them.
   */
  add(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetInMs: number }>
  /**
   * Takes one of `max` slots of the key for `holder` (an open stream); false when all are taken.
   * A slot lapses after `ttlMs` unless taken again, so a crashed instance's slots come free.
   */
  acquire(key: string, holder: string, max: number, ttlMs: number): Promise<boolean>
  release(key: string, holder: string): Promise<void>
  close(): Promise<void>
}

/**
 * The app's own budgets (docs/decisions/0003-limits.md) over a store: in memory for one instance, in
 * Redis with REDIS_URL so that they hold across instances (docs/decisions/0024-shared-limits.md).
 */
export class Counters {
  /**
   * @param scale multiplies every budget: API tests that are not about limits use a large one, so a
   *   test may place a hundred orders as one user.
   */
  constructor(
    readonly store: CounterStore = new MemoryCounterStore(),
    private readonly scale = 1,
  ) {}

  /** Adds a hit; returns the count including it and the seconds until the window resets. */
  async add(key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }> {
    const { count, resetInMs } = await this.store.add(key, windowMs)
    return { count, retryAfterSeconds: Math.ceil(resetInMs / 1000) }
  }

  /** The key's hits in its current window, without adding one. */
  async peek(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
    const { count, resetInMs } = await this.store.count(key)
    return { count, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) }
  }

  /** A budget's max as this instance counts it (tests multiply it). */
  scaled(max: number): number {
    return max * this.scale
  }

  /** Spends one unit of the budget, or throws 429 when it is used up (the hit is not counted then). */
  async spend(key: string, budget: Budget, message = 'errors.rateLimited'): Promise<void> {
    await this.take(key, budget, message)
  }

  /**
   * Takes one unit of the budget before the work it guards, or throws 429 when it is used up: add
   * first, then compare, so that a burst of parallel requests can never all see the last free unit
   * (docs/decisions/0059-limits-before-work.md). A refused hit is given back at once. `refund()`
   * gives the unit back when the work turns out not to count (a right password).
   */
  async take(
    key: string,
    budget: Budget,
    message = 'errors.rateLimited',
    { exact = false } = {},
  ): Promise<{ count: number; refund(): Promise<void> }> {
    const { count, resetInMs } = await this.store.add(key, budget.windowMs)
    const max = exact ? budget.max : budget.max * this.scale
    if (count > max) {
      await this.store.add(key, budget.windowMs, -1)
      throw tooMany(message, Math.max(1, Math.ceil(resetInMs / 1000)))
    }
    let refunded = false
    return {
      count,
      refund: async () => {
        if (refunded) return
        refunded = true
        await this.store.add(key, budget.windowMs, -1)
      },
    }
  }

  /**
   * Throws 429 when the key has used up its budget, without spending. `exact`: a budget from the
   * configuration (AUTH_RATE_LIMIT), which tests set themselves, is not scaled.
   */
  async check(key: string, budget: Budget, message = 'errors.rateLimited', { exact = false } = {}) {
    const { count, resetInMs } = await this.store.count(key)
    const max = exact ? budget.max : budget.max * this.scale
    if (count >= max) throw tooMany(message, Math.max(1, Math.ceil(resetInMs / 1000)))
  }
}

/** Fixed-window counters and slots in this process's memory. Entries expire with their window. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()
  private readonly slots = new Map<string, Set<string>>()

  constructor(private readonly now: () => number = Date.now) {}

  async count(key: string) {
    const entry = this.windows.get(key)
    const now = this.now()
    return entry && entry.resetAt > now
      ? { count: entry.count, resetInMs: entry.resetAt - now }
      : { count: 0, resetInMs: 0 }
  }

  async add(key: string, windowMs: number, amount = 1) {
    const now = this.now()
    let entry = this.windows.get(key)
    if (amount < 0 && (!entry || entry.resetAt <= now)) return { count: 0, resetInMs: 0 }
    // A window whose hits were all given back starts again, as in Redis (platform/redis-counters.ts).
    if (!entry || entry.resetAt <= now || (entry.count <= 0 && amount > 0)) {
      if (this.windows.size >= 100_000) this.prune(now)
      entry = { count: 0, resetAt: now + windowMs }
      this.windows.set(key, entry)
    }
    entry.count += amount
    return { count: entry.count, resetInMs: entry.resetAt - now }
  }

  // One process releases every slot it takes (the stream's close event): no lapse is needed here.
  async acquire(key: string, holder: string, max: number) {
    const held = this.slots.get(key) ?? new Set<string>()
    if (!held.has(holder) && held.size >= max) return false
    held.add(holder)
    this.slots.set(key, held)
    return true
  }

  async release(key: string, holder: string) {
    const held = this.slots.get(key)
    held?.delete(holder)
    if (held?.size === 0) this.slots.delete(key)
  }

  async close() {}

  private prune(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key)
  }
}

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds)

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Every signed-in write spends its user's budget of its kind, after validation (bad input is free). */
export function registerWriteLimits(app: FastifyInstance, counters: Counters) {
  app.addHook('preHandler', async (request) => {
    if (!MUTATING.has(request.method)) return
    const user = await request.currentUser()
    if (!user) return
    const kind = writeKindOf(request.routeOptions.url ?? request.url)
    await counters.spend(`write:${kind}:${user.id}`, WRITE_BUDGETS[kind], 'errors.tooManyWrites')
  })
}
