import { z } from 'zod'
import { DISTRICT_NAMES } from '../districts'
import { LEADERBOARD_PERIODS } from '../impact'
import { ROLES } from '../reference-data'
import { MAX_PAGE, queryInteger } from './query'

export const volunteersQuerySchema = z.object({
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 60, fallback: 24 }),
})

export const volunteerCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  joinedAt: z.string(),
  deliveries: z.number().int(),
  completedDeliveries: z.number().int(),
  volunteerHours: z.number(),
  impactScore: z.number().int(),
  /** Badge ids; names and descriptions are i18n keys badges.<id>.name / .description. */
  badges: z.array(z.object({ id: z.string(), icon: z.string() })),
})
export type VolunteerCard = z.infer<typeof volunteerCardSchema>

export const volunteerListSchema = z.object({
  items: z.array(volunteerCardSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
})
export type VolunteerList = z.infer<typeof volunteerListSchema>

export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS, 'community.errors.periodInvalid').default('month'),
})

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  score: z.number().int(),
})
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  entries: z.array(leaderboardEntrySchema),
})
export type Leaderboard = z.infer<typeof leaderboardSchema>

const figureSchema = z.object({ value: z.number(), trend: z.number().nullable() })

/**
 * What happened to food once offered (docs/decisions/0048-outcomes-not-offers.md); a rate or median
 * is null where there is nothing to measure yet.
 */
export const outcomeFiguresSchema = z.object({
  /** Collected ÷ approved orders whose pickup window has ended, in percent. */
  pickupSuccessRate: z.number().nullable(),
  /** Completed with the pickup code ÷ completed with a handover recorded, in percent. */
  verifiedHandoverRate: z.number().nullable(),
  /** From a listing posted to its first order, the median in minutes. */
  medianMinutesToFirstOrder: z.number().nullable(),
  /** From approval to collection, the median in minutes. */
  medianMinutesToCollect: z.number().nullable(),
  /** The weights donors recorded at collection, summed. */
  kgRescued: z.number(),
  /**
   * Servings collected through standing arrangements ÷ all servings collected, in percent
   * (docs/decisions/0068-standing-arrangements.md).
   */
  standingShare: z.number().nullable(),
})
export type OutcomeFigures = z.infer<typeof outcomeFiguresSchema>

/** Overall, for each of the last 6 Sri Lankan months (oldest first) and for each of the 25 districts. */
export const outcomesSchema = z.object({
  overall: outcomeFiguresSchema,
  byMonth: z.array(outcomeFiguresSchema.extend({ month: z.string() })),
  byDistrict: z.array(outcomeFiguresSchema.extend({ district: z.enum(DISTRICT_NAMES) })),
})
export type Outcomes = z.infer<typeof outcomesSchema>

export const impactSchema = z.object({
  headline: z.object({
    mealsShared: figureSchema,
    activeMembers: figureSchema,
    wastePreventedKg: figureSchema,
    partnerBusinesses: figureSchema,
  }),
  environmental: z.object({
    co2SavedKg: z.number(),
    waterSavedLitres: z.number(),
    landfillWasteKg: z.number(),
    treeYears: z.number(),
    carKm: z.number(),
  }),
  social: z.object({
    peopleReached: z.number().int(),
    familiesSupported: z.number().int(),
    /** Distinct recipients whose orders were approved or collected. */
    recipientsServed: z.number().int(),
    /** Districts where food was collected. */
    districtsReached: z.number().int(),
  }),
  growth: z.array(z.object({ month: z.string(), meals: z.number(), wasteKg: z.number() })),
  volunteers: z.object({
    activeVolunteers: z.number().int(),
    deliveriesCompleted: z.number().int(),
    volunteerHours: z.number(),
    onTimeRate: z.number().nullable(),
    /** Stops per completed run (0071); null before the first. */
    stopsPerRun: z.number().nullable(),
    /** Km ridden on completed runs per serving delivered; null before the first. */
    kmPerServing: z.number().nullable(),
  }),
  outcomes: outcomesSchema,
})
export type Impact = z.infer<typeof impactSchema>
