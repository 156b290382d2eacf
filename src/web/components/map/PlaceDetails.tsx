import { useId } from 'react'
import { useTranslation } from '../../lib/translation'
import { DirectionsLinks } from './DirectionsLinks'
import type { PlaceMapProps } from './PlaceMap'
import { StillMap } from './StillMap'

/** The heading, the map with its one pin, and directions: the phone's maps app (geo:) and OpenStreetMap. */
export function PlaceDetails({ place, kind, directions = true }: PlaceMapProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const labels = {
    approx: t('places.place.approxLabel'),
    exact: t('places.place.exactLabel'),
    dropOff: t('places.place.dropOffLabel'),
  }
  const label = labels[kind]
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {label}
      </h2>
      <StillMap point={place.point} label={label} className="mt-2 h-48 w-full" />
      {kind === 'approx' && <p className="mt-1 text-sm text-gray-600">{t('places.place.approxHint')}</p>}
      {directions && (
        <p className="mt-2 flex flex-wrap gap-x-2">
          <DirectionsLinks
            place={{ ...place, approximate: kind === 'approx' }}
            appLabel={t('places.directions.app')}
            osmLabel={t('places.directions.osm')}
          />
        </p>
      )}
    </section>
  )
}
