import type { Language } from '../../../shared/reference-data'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import type { Place } from './api'

/** A place's name in the reader's script, or its English name where the gazetteer has none. */
export function placeName(place: Pick<Place, 'names'>, language: string): string {
  return place.names[language as Language] ?? place.names.en
}

/** The town in the reader's script and, under it, its district. */
export function PlaceName({ place }: { place: Place }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <span className="font-medium">{placeName(place, i18n.language)}</span>
      <span className="text-sm text-gray-600">
        {t('place-picker.inDistrict', { district: districtName(t, place.district) })}
      </span>
    </>
  )
}
