import { z } from 'zod'
import { moderationReasonSchema } from './moderation'
import { MAX_PAGE, queryInteger } from './query'

/** A volunteer's standing (docs/decisions/0038-trust-ratings-fair-use.md): they accept deliveries once verified. */
export const VETTING_STATES = ['pending', 'verified', 'refused'] as const
export type VettingState = (typeof VETTING_STATES)[number]

/**
 * Vetting: moderators verify or refuse volunteers and organisations (docs/glossary.md). Both queues
 * page the same way: those waiting (oldest first) or those refused.
 */
export const vettingListQuerySchema = z.object({
  status: z.enum(['pending', 'refused']).default('pending'),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

/** A page of a vetting queue. */
export const vettingPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), page: z.number(), size: z.number(), hasMore: z.boolean() })

/** What both vetting queues show of the account they decide on. */
export const accountToVet = {
  /** The account's id: the id of the verify and refuse routes. */
  id: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The account's phone was proved by an SMS code (docs/decisions/0051-sms-over-smpp.md). */
  phoneVerified: z.boolean(),
  /** The account's e-mail was proved by the link mailed to it, or by Google (0057). */
  emailVerified: z.boolean(),
  district: z.string().nullable(),
  location: z.string().nullable(),
}

/** A volunteer as the Volunteers tab of /moderation shows them, to decide. */
export const volunteerToVerifySchema = z.object({
  ...accountToVet,
  name: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** When the account was made: its age. */
  createdAt: z.string(),
  state: z.enum(VETTING_STATES),
  refusal: z.string().nullable(),
  decidedAt: z.string().nullable(),
})
export type VolunteerToVerify = z.infer<typeof volunteerToVerifySchema>

export const volunteerListSchema = vettingPageSchema(volunteerToVerifySchema)

export const verifyInputSchema = z.object({})
export const refuseInputSchema = z.object({ reason: moderationReasonSchema })
export type RefuseInput = z.input<typeof refuseInputSchema>
