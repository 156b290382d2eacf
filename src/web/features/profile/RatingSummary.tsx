import { useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { profileApi } from './api'

/** The average of the ratings a person received and how many (docs/decisions/0038-trust-ratings-fair-use.md). */
export function RatingSummary({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const query = useQuery({
    // Starts with 'orders': a new rating arrives with an order change on the realtime stream.
    queryKey: ['orders', 'rating', userId],
    queryFn: () => profileApi.rating(userId),
  })
  if (!query.data) return null
  const { average, count } = query.data
  return (
    <p className="mt-1 flex items-center gap-1 text-sm text-gray-700" data-rating-summary>
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      {average === null
        ? t('profile.rating.none')
        : t('profile.rating.average', { average: formatNumber(average), count, n: formatNumber(count) })}
    </p>
  )
}
