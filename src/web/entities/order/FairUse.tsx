import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../components/ui/form'
import { formatDateTime, formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { ordersApi } from './api'

/** Its key starts with 'orders': the realtime stream refreshes it when the person's orders change. */
export const fairUseKey = ['orders', 'fair-use'] as const

function useFairUse() {
  return useQuery({
    queryKey: fairUseKey,
    queryFn: ordersApi.fairUse,
    staleTime: 0,
  })
}

/**
 * The most servings this person may still order of this listing: what is left of it, and of free
 * food no more than their free portions left today (their own cap, as the server counts it).
 */
export function useServingsForMe(free: boolean, left: number): number {
  const fairUse = useFairUse().data
  if (!free || !fairUse) return left
  return Math.min(left, Math.max(0, fairUse.limits.maxDailyFreePortions - fairUse.freePortionsToday))
}

/**
 * The fair-use limits and the person's usage, before they fill in an order dialog: open orders,
 * free portions today (on free food), or until when no-shows pause their orders
 * (src/shared/fair-use.ts, docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function FairUsePanel({ free }: { free: boolean }) {
  const { t } = useTranslation()
  const query = useFairUse()
  if (!query.data) return null
  const { limits, openOrders, freePortionsToday, pausedUntil } = query.data
  if (pausedUntil) {
    return (
      <Alert tone="error">
        {t('orders.errors.fairUseNoShowPause', {
          max: limits.noShowsToPause,
          days: limits.noShowWindowDays,
          until: formatDateTime(pausedUntil),
        })}
      </Alert>
    )
  }
  const full = openOrders >= limits.maxOpenOrders
  const dayUsed = free && freePortionsToday >= limits.maxDailyFreePortions
  return (
    <div data-fair-use className="space-y-2">
      <ul className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700">
        <li>
          {t('orders.fairUse.openOrders', {
            n: formatNumber(openOrders),
            max: formatNumber(limits.maxOpenOrders),
          })}
        </li>
        {free && (
          <li>
            {t('orders.fairUse.freeToday', {
              n: formatNumber(freePortionsToday),
              max: formatNumber(limits.maxDailyFreePortions),
            })}
          </li>
        )}
      </ul>
      {full && (
        <Alert tone="error">{t('orders.errors.fairUseOpenOrders', { max: limits.maxOpenOrders })}</Alert>
      )}
      {!full && dayUsed && (
        <Alert tone="error">{t('orders.fairUse.dailyUsed', { max: limits.maxDailyFreePortions })}</Alert>
      )}
    </div>
  )
}
