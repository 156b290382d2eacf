/**
 * Fair use: how much one person may order, so that food reaches many people and a habit of not
 * collecting has a consequence (docs/decisions/0038-trust-ratings-fair-use.md). The rule is pure;
 * the server counts the usage in one transaction with the order and refuses with the limit's key.
 */
import { sriLankaInstant, sriLankaToday } from './sri-lanka-time'

const DAY_MS = 24 * 60 * 60 * 1000

export type FairUseLimits = {
  /** Orders pending or confirmed at once (claims and food requests, with or without delivery). */
  maxOpenOrders: number
  /** Portions of free food ordered per Sri Lankan day. */
  maxDailyFreePortions: number
  /** This many no-shows ... */
  noShowsToPause: number
  /** ... within this many days ... */
  noShowWindowDays: number
  /** ... pause new orders for this many days. */
  pauseDays: number
}

/** The defaults; the server's configuration may override each (FAIR_USE_* in the README). */
export const FAIR_USE_LIMITS: FairUseLimits = {
  maxOpenOrders: 3,
  maxDailyFreePortions: 10,
  noShowsToPause: 3,
  noShowWindowDays: 30,
  pauseDays: 7,
}

/** What one person has ordered, as the server counts it. */
export type FairUseUsage = {
  openOrders: number
  /** Free portions ordered today (Sri Lankan day), not counting cancelled or declined orders. */
  freePortionsToday: number
  /** When the person's recent orders were marked "Not collected". */
  noShowTimes: readonly Date[]
}

export type FairUseLimit = 'openOrders' | 'dailyPortions' | 'noShowPause'

/** A refusal: which limit, and until when it holds (null: until an open order ends). */
export type FairUseRefusal = { limit: FairUseLimit; until: Date | null }

/** The next Sri Lankan midnight after `now`: when the daily portions start again. */
export function nextSriLankaMidnight(now: Date): Date {
  const today = sriLankaInstant(sriLankaToday(now), '00:00')
  return new Date(today.getTime() + DAY_MS)
}

/** The start of `now`'s Sri Lankan day. */
export function sriLankaDayStart(now: Date): Date {
  return sriLankaInstant(sriLankaToday(now), '00:00')
}

/** How far back no-shows can still pause orders now: the pause plus the window that starts it. */
export function noShowLookbackStart(now: Date, limits: FairUseLimits): Date {
  return new Date(now.getTime() - (limits.noShowWindowDays + limits.pauseDays) * DAY_MS)
}

/**
 * Until when new orders are paused, or null. Each no-show that completes `noShowsToPause` within
 * `noShowWindowDays` (itself and those before it) starts a pause of `pauseDays`.
 */
export function pausedUntil(noShowTimes: readonly Date[], now: Date, limits: FairUseLimits): Date | null {
  const times = [...noShowTimes].map((t) => t.getTime()).sort((a, b) => a - b)
  let until: number | null = null
  for (let i = limits.noShowsToPause - 1; i < times.length; i++) {
    const first = times[i - (limits.noShowsToPause - 1)]!
    const last = times[i]!
    if (last - first < limits.noShowWindowDays * DAY_MS) {
      const end = last + limits.pauseDays * DAY_MS
      if (until === null || end > until) until = end
    }
  }
  return until !== null && until > now.getTime() ? new Date(until) : null
}

/**
 * Why a new order of `quantity` portions (`free`: of free food) is refused, or null when it may be
 * placed. The pause is answered first: it holds whatever else the person does.
 */
export function fairUseRefusal(
  usage: FairUseUsage,
  order: { quantity: number; free: boolean },
  now: Date,
  limits: FairUseLimits = FAIR_USE_LIMITS,
): FairUseRefusal | null {
  const paused = pausedUntil(usage.noShowTimes, now, limits)
  if (paused) return { limit: 'noShowPause', until: paused }
  if (usage.openOrders >= limits.maxOpenOrders) return { limit: 'openOrders', until: null }
  if (order.free && usage.freePortionsToday + order.quantity > limits.maxDailyFreePortions) {
    return { limit: 'dailyPortions', until: nextSriLankaMidnight(now) }
  }
  return null
}

/** The i18n key of each refusal (orders namespace; {{max}} and {{until}} are filled in). */
export const FAIR_USE_ERROR_KEYS: Record<FairUseLimit, string> = {
  openOrders: 'orders.errors.fairUseOpenOrders',
  dailyPortions: 'orders.errors.fairUseDailyPortions',
  noShowPause: 'orders.errors.fairUseNoShowPause',
}

/** Free portions still open to the person today (never below 0). */
export function freePortionsLeft(usage: FairUseUsage, limits: FairUseLimits = FAIR_USE_LIMITS): number {
  return Math.max(0, limits.maxDailyFreePortions - usage.freePortionsToday)
}
