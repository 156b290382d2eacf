import type { FairUseLimits } from '../../../shared/fair-use'
import type { FirstRefusalRule } from '../../../shared/first-refusal'
import type { FoodCategorySlug } from '../../../shared/reference-data'
import type { SessionUserLike } from '../../features/orders/service'
import type { Transaction } from '../client'

/** A Sri Lankan wall-clock moment: days after the listing's base day (see seedDemo) and 'HH:MM'. */
export type WallClock = { day: number; at: string }

export type DemoListing = {
  donor: string
  category: FoodCategorySlug
  title: string
  description: string
  servings: number
  price: number
  /** Start of the one-hour pickup window. */
  pickup: WallClock
  expires: WallClock
  createdDaysAgo: number
  status?: 'available' | 'claimed' | 'completed' | 'expired'
  allergens?: string[]
}

export const DAY = 86_400_000
export const HOUR = 3_600_000

/** The Sri Lankan date ('YYYY-MM-DD') some days after another. */
export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10)
}

/**
 * What the donor recorded when the demo's collected food was handed over: the code shown, but for
 * one in five where the recipient's phone had died, and about 300 g a serving on the scales.
 */
export function demoHandover(listingIndex: number, servings: number) {
  const verified = listingIndex % 5 !== 4
  return {
    handoverVerified: verified,
    unverifiedReason: verified ? null : 'Her phone battery was flat; I know her from the temple.',
    weightKg: Math.round(servings * 3) / 10,
  }
}

/** The rules the services apply to what the demo people do: the app's configuration. */
export type DemoRules = { fairUse: FairUseLimits; firstRefusal: FirstRefusalRule }

/** What every step of the demo's seeding shares: its transaction, its clock and the ids made so far. */
export type DemoContext = {
  tx: Transaction
  rules: DemoRules
  /** The demo person as the services see a signed-in user. */
  person: (key: string) => SessionUserLike
  passwordHash: string
  ago: (days: number) => Date
  today: { date: string; time: string }
  serviceDay: string
  wallClock: (base: string, at: WallClock) => { date: string; time: string }
  instant: (at: { date: string; time: string }) => Date
  idOf: Map<string, string>
  user: (key: string) => string
  categoryId: (slug: string) => string | null
  listingIds: string[]
  /** The claim that took each claimed or completed listing, by listing index. */
  claimIds: Record<number, string>
}
