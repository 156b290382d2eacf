import { z } from 'zod'
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  HIDEABLE_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../reference-data'
import { MAX_PAGE, queryInteger } from './query'

/** A user id (better-auth's 32 hex digits) or a listing, story or event id (uuid). */
const targetIdSchema = z.string('errors.notFound').trim().min(1, 'errors.notFound').max(64, 'errors.notFound')

/** Messages are i18n keys (moderation.errors.*). */
export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, 'moderation.errors.targetRequired'),
  targetId: targetIdSchema,
  reason: z.enum(REPORT_REASONS, 'moderation.errors.reasonRequired'),
  note: z
    .string()
    .trim()
    .max(1000, 'moderation.errors.noteTooLong')
    .nullish()
    .transform((v) => v || null),
})
export type ReportInput = z.input<typeof reportInputSchema>

export const reportCreatedSchema = z.object({ id: z.string() })

/** Why a moderator acts: every action records it and tells the user concerned. */
export const moderationReasonSchema = z
  .string('moderation.errors.reasonTextRequired')
  .trim()
  .min(3, 'moderation.errors.reasonTextRequired')
  .max(1000, 'moderation.errors.reasonTextTooLong')

export const hideInputSchema = z.object({
  targetType: z.enum(HIDEABLE_TYPES, 'moderation.errors.targetRequired'),
  targetId: z.uuid('errors.notFound'),
  reason: moderationReasonSchema,
  /** The report this decides, closed as actioned. */
  reportId: z.uuid('errors.notFound').nullish(),
})
export type HideInput = z.input<typeof hideInputSchema>

export const dismissInputSchema = z.object({ reason: moderationReasonSchema })

export const warnInputSchema = z.object({
  reason: moderationReasonSchema,
  reportId: z.uuid('errors.notFound').nullish(),
})

/** The suspensions a moderator picks from: days, or permanent (null). */
export const SUSPENSION_DAYS = [1, 7, 30, 90] as const

export const suspendInputSchema = z.object({
  reason: moderationReasonSchema,
  /** null: permanent. */
  days: z
    .union(SUSPENSION_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]], {
      error: 'moderation.errors.daysRequired',
    })
    .nullable(),
  reportId: z.uuid('errors.notFound').nullish(),
})
export type SuspendInput = z.input<typeof suspendInputSchema>

export const liftInputSchema = z.object({ reason: moderationReasonSchema })

export const userIdParamsSchema = z.object({ id: targetIdSchema })
export const reportIdParamsSchema = z.object({ id: z.uuid('errors.notFound') })

export const pageQuerySchema = z.object({
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 20 }),
})

export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
})

const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), size: z.number(), hasMore: z.boolean() })

const personSchema = z.object({ id: z.string(), name: z.string() })

export const reportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** The listing's, story's or event's title, or the user's name; null once it is gone. */
  targetLabel: z.string().nullable(),
  /** Whose content it is (the user, for a user report); null once it is gone. */
  owner: personSchema.nullable(),
  /** Whether the content is hidden now (false for users). */
  hidden: z.boolean(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: personSchema,
  createdAt: z.string(),
  /**
   * A reported message's context: up to 10 messages of its thread, the reported one last, as written
   * (a quick reply by its id); null for other targets.
   */
  thread: z
    .array(
      z.object({
        id: z.string(),
        author: personSchema,
        quick: z.string().nullable(),
        text: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
})
export type Report = z.infer<typeof reportSchema>

export const reportListSchema = pagedList(reportSchema)

export const suspendedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  reason: z.string().nullable(),
  since: z.string(),
  /** null: permanent. */
  until: z.string().nullable(),
})
export type SuspendedUser = z.infer<typeof suspendedUserSchema>
export const suspendedUserListSchema = pagedList(suspendedUserSchema)

export const auditEntrySchema = z.object({
  id: z.string(),
  /** null: the operator's command line. */
  actor: personSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  /** The target's title or name as it is now; null once it is gone. */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditListSchema = pagedList(auditEntrySchema)
