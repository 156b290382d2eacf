import type { z } from 'zod'
import { FOOD_STORAGE, type FoodStorage, isOutTooLong, OUT_TOO_LONG, safeUntilByClock } from '../food-safety'
import { sriLankaInstant, sriLankaParts } from '../sri-lanka-time'

/** The instant of a validated `preparedAt`: a wall-clock text is read in Sri Lankan time. */
export function preparedInstant(preparedAt: string): Date {
  return preparedAt.length === 16
    ? sriLankaInstant(preparedAt.slice(0, 10), preparedAt.slice(11))
    : new Date(preparedAt)
}

/** The wizard's value for `preparedAt` from an instant: the Sri Lankan wall clock. */
export function preparedText(instant: Date | string): string {
  const { date, time } = sriLankaParts(instant)
  return `${date}T${time}`
}

type ClockInput = { preparedAt?: string; storage?: string; status?: string }
/** The cooked-food clock is given whole, and never cooked in the future. */
export function checkClock(value: ClockInput, ctx: z.RefinementCtx) {
  if (value.preparedAt && !value.storage) {
    ctx.addIssue({ code: 'custom', path: ['storage'], message: 'donate.errors.storageRequired' })
  }
  if (value.storage && !value.preparedAt) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: 'donate.errors.preparedAtRequired' })
  }
  // A minute's grace for a phone's clock that runs fast.
  if (value.preparedAt && preparedInstant(value.preparedAt).getTime() > Date.now() + 60_000) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: 'donate.errors.preparedInFuture' })
  }
}

/**
 * Cooked food already out too long by its clock alone is refused beside its fields, whatever else
 * the form still lacks: the wizard says so on its first step, before the donor fills the rest (the
 * server checks again with the expiry). A donor may still close such a listing by hand.
 */
export function checkOutTooLong(value: ClockInput, ctx: z.RefinementCtx) {
  const closing = value.status !== undefined && value.status !== 'available'
  if (closing || typeof value.preparedAt !== 'string' || !isFoodStorage(value.storage)) return
  const prepared = preparedInstant(value.preparedAt)
  if (Number.isNaN(prepared.getTime())) return
  if (isOutTooLong(safeUntilByClock(prepared, value.storage))) {
    ctx.addIssue({ code: 'custom', path: ['preparedAt'], message: OUT_TOO_LONG })
  }
}

const isFoodStorage = (value: unknown): value is FoodStorage =>
  (FOOD_STORAGE as readonly unknown[]).includes(value)
