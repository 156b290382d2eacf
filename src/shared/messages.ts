/**
 * Messages on an order or a delivery (docs/decisions/0066-messages.md): the quick replies, stored by
 * id and shown in each reader's language (i18n messages.quick.<id>), the length of a free text, and
 * when a thread stops taking messages.
 */

export const QUICK_REPLIES = ['onMyWay', 'late10', 'here', 'ready', 'cantCome'] as const
export type QuickReply = (typeof QUICK_REPLIES)[number]

export function isQuickReply(value: unknown): value is QuickReply {
  return (QUICK_REPLIES as readonly unknown[]).includes(value)
}

export const MAX_MESSAGE_LENGTH = 500

/** A thread can be read for ever by its parties, written to until this long after its order ends. */
export const THREAD_OPEN_AFTER_END_MS = 48 * 60 * 60_000

export const THREAD_KINDS = ['order', 'delivery'] as const
export type ThreadKind = (typeof THREAD_KINDS)[number]

/** `endedAt`: when the order or delivery was completed or cancelled (null: it goes on). */
export function threadIsOpen(endedAt: Date | null, now: Date): boolean {
  return endedAt === null || now.getTime() - endedAt.getTime() < THREAD_OPEN_AFTER_END_MS
}
