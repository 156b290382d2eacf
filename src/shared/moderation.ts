/** A user's suspension as stored: suspendedAt set while it holds; suspendedUntil null is permanent. */
export type SuspensionState = {
  suspendedAt: Date | null
  suspendedUntil: Date | null
  suspensionReason: string | null
}

/**
 * The suspension that holds at `now`, or null: a suspension for a period ends by itself when the
 * period is over, without a sweep (docs/decisions/0037-moderation.md).
 */
export function activeSuspension(
  state: SuspensionState,
  now: Date,
): { reason: string | null; until: Date | null } | null {
  if (!state.suspendedAt) return null
  if (state.suspendedUntil && state.suspendedUntil.getTime() <= now.getTime()) return null
  return { reason: state.suspensionReason, until: state.suspendedUntil }
}

/** The end of a suspension of `days` days from `from`; null days: permanent (null). */
export function suspensionEnd(from: Date, days: number | null): Date | null {
  return days === null ? null : new Date(from.getTime() + days * 24 * 60 * 60 * 1000)
}
