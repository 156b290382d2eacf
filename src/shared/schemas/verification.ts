import { z } from 'zod'
import { moderationReasonSchema } from './moderation'
import { MAX_PAGE, queryInteger } from './query'

/** A volunteer's standing (docs/decisions/0038-trust-ratings-fair-use.md): they accept deliveries once verified. */
export const VERIFICATION_STATES = ['pending', 'verified', 'refused'] as const
export type VerificationState = (typeof VERIFICATION_STATES)[number]

export const volunteerListQuerySchema = z.object({
  status: z.enum(['pending', 'refused']).default('pending'),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

/** A volunteer as the Volunteers tab of /moderation shows them, to decide. */
export const volunteerToVerifySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The phone was proved by an SMS code (docs/decisions/0051-sms-over-smpp.md). */
  phoneVerified: z.boolean(),
  /** The account's e-mail was proved by the link mailed to it, or by Google (0057). */
  emailVerified: z.boolean(),
  district: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** When the account was made: its age. */
  createdAt: z.string(),
  state: z.enum(VERIFICATION_STATES),
  refusal: z.string().nullable(),
  decidedAt: z.string().nullable(),
})
export type VolunteerToVerify = z.infer<typeof volunteerToVerifySchema>

export const volunteerListSchema = z.object({
  items: z.array(volunteerToVerifySchema),
  page: z.number(),
  size: z.number(),
  hasMore: z.boolean(),
})

export const verifyInputSchema = z.object({})
export const refuseInputSchema = z.object({ reason: moderationReasonSchema })
export type RefuseInput = z.input<typeof refuseInputSchema>
