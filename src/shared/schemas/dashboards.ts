import { z } from 'zod'
import { DELIVERY_STATUSES, LISTING_STATUSES, LISTING_TYPES, ORDER_STATUSES } from '../reference-data'
import { outcomeFiguresSchema } from './stats'

/** GET /api/dashboard/{donor,recipient,volunteer}: the caller's figures, computed from the data. */

/** Badge ids; names and descriptions are i18n keys badges.<id>.name / .description. */
const badge = z.object({ id: z.string(), icon: z.string() })

export const donorDashboardSchema = z.object({
  stats: z.object({
    totalDonations: z.number().int(),
    activeDonations: z.number().int(),
    completedDonations: z.number().int(),
    mealsShared: z.number().int(),
    impactScore: z.number().int(),
  }),
  badges: z.array(badge),
  recent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(LISTING_STATUSES),
      type: z.enum(LISTING_TYPES),
      quantity: z.number().int(),
      initialQuantity: z.number().int(),
      imageUrl: z.string().nullable(),
      pickupCity: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The last 6 Sri Lankan months, oldest first: listings posted and servings collected. */
  monthly: z.array(
    z.object({
      month: z.string(),
      donations: z.number().int(),
      meals: z.number().int(),
      percent: z.number(),
    }),
  ),
  environment: z.object({
    co2SavedKg: z.number(),
    waterSavedLitres: z.number(),
    wastePreventedKg: z.number(),
  }),
  community: z.object({
    peopleHelped: z.number().int(),
    familiesSupported: z.number().int(),
    /** Claims and requests on the donor's listings that were collected. */
    ordersCompleted: z.number().int(),
    /** Different people who ordered the donor's food (not cancelled). */
    recipients: z.number().int(),
  }),
  /** The outcome figures of the donor's own listings and the orders on them. */
  outcomes: outcomeFiguresSchema,
})
export type DonorDashboard = z.infer<typeof donorDashboardSchema>

export const recipientDashboardSchema = z.object({
  stats: z.object({
    totalClaims: z.number().int(),
    totalRequests: z.number().int(),
    totalDeliveries: z.number().int(),
    completedOrders: z.number().int(),
    mealsReceived: z.number().int(),
    /** LKR. */
    moneySaved: z.number().int(),
  }),
  /** Categories of the recipient's own orders (not cancelled), the most ordered first. */
  favouriteCategories: z.array(
    z.object({
      slug: z.string().nullable(),
      name: z.string().nullable(),
      count: z.number().int(),
      stars: z.number().int(),
    }),
  ),
  recent: z.array(
    z.object({
      kind: z.enum(['claim', 'request', 'delivery']),
      id: z.string(),
      title: z.string(),
      /**
       * An order's status, 'declined' for one its donor declined or 'not-collected' for an approved
       * one its requester did not collect; a delivery's status.
       */
      status: z.enum([...ORDER_STATUSES, 'declined', 'not-collected', ...DELIVERY_STATUSES]),
      quantity: z.number().int().nullable(),
      /** LKR: a request's total price or a delivery's fee; 0 for a claim. */
      amount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
})
export type RecipientDashboard = z.infer<typeof recipientDashboardSchema>

export const volunteerDashboardSchema = z.object({
  stats: z.object({
    totalDeliveries: z.number().int(),
    completedDeliveries: z.number().int(),
    activeDeliveries: z.number().int(),
    totalHours: z.number(),
    /** Fees of completed deliveries, LKR. */
    feesEarned: z.number().int(),
  }),
  /** The average of the recipients' ratings (1-5), null until one exists. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  badges: z.array(badge),
  thisMonth: z.object({ completed: z.number().int(), hours: z.number(), peopleHelped: z.number().int() }),
  impact: z.object({ mealsDelivered: z.number().int(), co2SavedKg: z.number(), distanceKm: z.number() }),
  /** The volunteer's own runs (docs/decisions/0071-volunteer-runs.md): completed, stops per run, km per serving. */
  runs: z.object({
    completed: z.number().int(),
    stopsPerRun: z.number().nullable(),
    kmPerServing: z.number().nullable(),
  }),
  recent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      city: z.string(),
      district: z.string(),
      deliveryAt: z.string(),
      fee: z.number().int(),
      status: z.enum(DELIVERY_STATUSES),
    }),
  ),
})
export type VolunteerDashboard = z.infer<typeof volunteerDashboardSchema>

/** GET /api/me/reports/:file: `YYYY-MM.pdf`, a month of a year from 2020 (docs/decisions/0056-dansal-and-monthly-reports.md). */
export const reportFileParamsSchema = z.object({
  file: z
    .string()
    .regex(/^20\d\d-(0[1-9]|1[0-2])\.pdf$/, 'dashboards.errors.reportFileInvalid')
    .transform((file) => ({ month: file.slice(0, 7) })),
})
