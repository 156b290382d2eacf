import { z } from 'zod'
import { MAX_MESSAGE_LENGTH, QUICK_REPLIES } from '../messages'

/**
 * POST /api/orders/:id/messages and /api/deliveries/:id/messages: a free text, or a quick reply by
 * its id (shown in each reader's language).
 */
export const messageInputSchema = z
  .strictObject({
    text: z
      .string('messages.errors.empty')
      .trim()
      .max(MAX_MESSAGE_LENGTH, 'messages.errors.tooLong')
      .optional(),
    quick: z.enum(QUICK_REPLIES, 'messages.errors.unknownQuick').optional(),
  })
  // One or the other: an empty text (or none) says nothing.
  .refine((input) => Boolean(input.text) !== Boolean(input.quick), 'messages.errors.empty')
export type MessageInput = z.infer<typeof messageInputSchema>

export const messageSchema = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  /** A quick reply's id (messages.quick.<id>), or null for a free text. */
  quick: z.enum(QUICK_REPLIES).nullable(),
  /** The free text, shown as plain text (links are never anchors); null for a quick reply or erased. */
  text: z.string().nullable(),
  /** A moderator hid it: its words are gone from the answer. */
  hidden: z.boolean(),
  /** Sent as a reply by SMS. */
  viaSms: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
})
export type Message = z.infer<typeof messageSchema>

export const threadSchema = z.object({
  items: z.array(messageSchema),
  /** Still takes messages (until 48 hours after the order ends). */
  open: z.boolean(),
})
export type Thread = z.infer<typeof threadSchema>
