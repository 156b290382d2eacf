import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { Listing } from '../../../shared/schemas/listings'
import { MapView } from '../../components/map/MapView'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/**
 * The listings as clustered pins on their public, approximate points; a pin opens its card below the
 * map (docs/decisions/0072-the-map-view.md).
 */
export function FoodMap({ items, card }: { items: Listing[]; card: (listing: Listing) => ReactNode }) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState<string | null>(null)
  const pins = useMemo(
    () =>
      items.flatMap((listing) =>
        listing.approxPoint ? [{ id: listing.id, ...listing.approxPoint, label: listing.title }] : [],
      ),
    [items],
  )
  const chosen = items.find((listing) => listing.id === selected)
  const withoutPlace = items.length - pins.length
  const cardBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // A phone shows the map or the card: the card is brought into view when a pin opens it.
    if (selected) cardBox.current?.scrollIntoView({ block: 'nearest' })
  }, [selected])
  return (
    <>
      <MapView
        label={t('nearby.map.label')}
        pins={pins}
        cluster
        onTap={setSelected}
        className="mt-4 h-[60vh] min-h-72 w-full"
      />
      {withoutPlace > 0 && (
        <p className="mt-2 text-sm text-gray-600">
          {t('nearby.map.withoutPlace', { count: withoutPlace, n: formatNumber(withoutPlace) })}
        </p>
      )}
      <div ref={cardBox} className="mt-4 flex" aria-live="polite">
        {chosen && card(chosen)}
      </div>
    </>
  )
}
