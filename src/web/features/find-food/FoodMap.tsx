import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { Listing } from '../../../shared/schemas/listings'
import { MapView } from '../../components/map/MapView'
import type { ListingFilters } from '../../entities/listing/api'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useChosenListing, useListingPins } from './api'

/**
 * Every listing the filters match as clustered pins on their public, approximate points, not only
 * the pages loaded; a pin opens its card below the map (docs/decisions/0072-the-map-view.md).
 */
export function FoodMap({
  filters,
  loaded,
  card,
}: {
  filters: ListingFilters
  /** The list's pages so far: a pin among them opens its card without asking the server again. */
  loaded: readonly Listing[]
  card: (listing: Listing) => ReactNode
}) {
  const { t } = useTranslation()
  const answer = useListingPins(filters).data
  const [selected, setSelected] = useState<string | null>(null)
  const pins = useMemo(
    () => (answer?.pins ?? []).map((pin) => ({ id: pin.id, ...pin.approxPoint, label: pin.title })),
    [answer],
  )
  const chosen = useChosenListing(selected, loaded)
  const withoutPlace = answer?.withoutPoint ?? 0
  const cardBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // A phone shows the map or the card: the card is brought into view when a pin opens it.
    if (chosen.listing) cardBox.current?.scrollIntoView({ block: 'nearest' })
  }, [chosen.listing])
  return (
    <>
      <MapView
        label={t('nearby.map.label')}
        pins={pins}
        cluster
        onTap={setSelected}
        className="mt-4 h-[60vh] min-h-72 w-full"
      />
      {answer?.truncated && (
        <p className="mt-2 text-sm text-gray-600">
          {t('places.map.truncated', { n: formatNumber(answer.pins.length) })}
        </p>
      )}
      {withoutPlace > 0 && (
        <p className="mt-2 text-sm text-gray-600">
          {t('nearby.map.withoutPlace', { count: withoutPlace, n: formatNumber(withoutPlace) })}
        </p>
      )}
      <div ref={cardBox} className="mt-4 flex" aria-live="polite">
        {chosen.listing && card(chosen.listing)}
        {chosen.failed && (
          <p role="alert" className="text-sm text-red-700">
            {t('find-food.loadFailed')}
          </p>
        )}
      </div>
    </>
  )
}
