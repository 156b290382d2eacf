import { Clock } from 'lucide-react'
import {
  eatByText,
  FOOD_STORAGE,
  type FoodStorage,
  isOutTooLong,
  safeUntil,
  safeUntilByClock,
} from '../../../shared/food-safety'
import { preparedInstant } from '../../../shared/schemas/listing-clock'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/**
 * "Eat by 14:30" while the donor answers the cooked-food clock, worked out by the shared rules
 * (src/shared/food-safety.ts, docs/decisions/0049-cooked-food-clock.md): from the clock alone on the
 * first step, capped by the donor's expiry on the review. Nothing until both answers are given, or
 * when the food is already out too long (the field says why).
 */
export function ClockEatBy({
  preparedAt,
  storage,
  expiresAt,
  className = '',
}: {
  preparedAt: string | undefined
  storage: string | undefined
  expiresAt?: Date
  className?: string
}) {
  const { t } = useTranslation()
  if (!preparedAt || !(FOOD_STORAGE as readonly unknown[]).includes(storage)) return null
  const prepared = preparedInstant(preparedAt)
  if (Number.isNaN(prepared.getTime())) return null
  const kept = storage as FoodStorage
  const safe =
    expiresAt && !Number.isNaN(expiresAt.getTime())
      ? safeUntil(prepared, kept, expiresAt)
      : safeUntilByClock(prepared, kept)
  if (isOutTooLong(safe)) return null
  const text = eatByText(safe)
  return (
    <p className={`flex items-center gap-2 font-semibold text-amber-900 ${className}`} role="status">
      <Clock className="size-4 shrink-0" aria-hidden />
      {text.key === 'listings.eatBy.today'
        ? t(text.key, { time: text.time })
        : t(text.key, { time: text.time, date: formatDate(safe, { day: 'numeric', month: 'short' }) })}
    </p>
  )
}
