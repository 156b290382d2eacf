import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export type Budget = { max: number; windowMs: number }

/**
 * Every per-account and per-user budget of the server, in one place (docs/decisions/0003-limits.md).
 * Per-address limits of sign-in, sign-up and resets are AUTH_RATE_LIMIT (per minute).
 */
export const BUDGETS = {
  /** Failed sign-ins per e-mail address, whichever network address they come from. */
  signInFailures: { max: 10, windowMs: 15 * MINUTE },
  /** Password reset mails per e-mail address. */
  resetMails: { max: 5, windowMs: HOUR },
} as const satisfies Record<string, Budget>

/** Open live-update streams at once: per signed-in user, and per network address (carrier NAT shares one). */
export const STREAM_CAPS = { perUser: 5, perAddress: 100 } as const

/** Signed-in writes per user and hour, by what they write. */
export const WRITE_BUDGETS = {
  listings: { max: 30, windowMs: HOUR },
  /** New claims, food requests and delivery requests. */
  orders: { max: 30, windowMs: HOUR },
  /** Decisions and steps on orders and deliveries: a busy donor approves many. */
  orderSteps: { max: 600, windowMs: HOUR },
  uploads: { max: 60, windowMs: HOUR },
  stories: { max: 120, windowMs: HOUR },
  events: { max: 60, windowMs: HOUR },
  notifications: { max: 600, windowMs: HOUR },
  other: { max: 300, windowMs: HOUR },
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
  if (ORDER_SEGMENTS.has(first)) return 'orderSteps'
  if (segments.some((s) => ORDER_SEGMENTS.has(s))) return 'orders'
  return first in WRITE_BUDGETS ? (first as WriteKind) : 'other'
}

/** Fixed-window counters in memory (per instance). Entries expire with their window. */
export class Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  /**
   * @param scale multiplies every budget: API tests that are not about limits use a large one, so a
   *   test may place a hundred orders as one user.
   */
  constructor(
    private readonly scale = 1,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many hits the key has in its current window. */
  count(key: string): number {
    const entry = this.windows.get(key)
    return entry && entry.resetAt > this.now() ? entry.count : 0
  }

  /** Adds a hit; returns the count including it and the seconds until the window resets. */
  add(key: string, windowMs: number): { count: number; retryAfterSeconds: number } {
    const now = this.now()
    let entry = this.windows.get(key)
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 100_000) this.prune(now)
      entry = { count: 0, resetAt: now + windowMs }
      this.windows.set(key, entry)
    }
    entry.count += 1
    return { count: entry.count, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) }
  }

  /** Spends one unit of the budget, or throws 429 when it is used up (the hit is not counted then). */
  spend(key: string, budget: Budget, message = 'errors.rateLimited'): void {
    this.check(key, budget, message)
    this.add(key, budget.windowMs)
  }

  /** Throws 429 when the key has used up its budget, without spending. */
  check(key: string, budget: Budget, message = 'errors.rateLimited'): void {
    if (this.count(key) >= budget.max * this.scale) throw tooMany(message, this.retryAfter(key))
  }

  private retryAfter(key: string): number {
    const entry = this.windows.get(key)
    return entry ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 1
  }

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
    counters.spend(`write:${kind}:${user.id}`, WRITE_BUDGETS[kind], 'errors.tooManyWrites')
  })
}
