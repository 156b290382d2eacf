import { MapPin } from 'lucide-react'
import { useId } from 'react'
import { mapLinks } from '../../../shared/map-links'
import { useTranslation } from '../../lib/translation'
import type { PlaceMapProps } from './PlaceMap'
import { StillMap } from './StillMap'

const link =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium text-brand-700 underline hover:bg-brand-50'

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
  const links = mapLinks({ ...place, approximate: kind === 'approx' })
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {label}
      </h2>
      <StillMap point={place.point} label={label} className="mt-2 h-48 w-full" />
      {kind === 'approx' && <p className="mt-1 text-sm text-gray-600">{t('places.place.approxHint')}</p>}
      {directions && (
        <p className="mt-2 flex flex-wrap gap-x-2">
          <a href={links.geo} className={link}>
            <MapPin className="size-4" aria-hidden />
            {t('places.directions.app')}
          </a>
          <a href={links.osm} target="_blank" rel="noopener noreferrer" className={link}>
            {t('places.directions.osm')}
          </a>
        </p>
      )}
    </section>
  )
}
