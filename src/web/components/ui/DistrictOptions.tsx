import { useTranslation } from 'react-i18next'
import { DISTRICT_NAMES } from '../../../shared/districts'

/** The 25 districts, sorted by their name in the current language. */
export function DistrictOptions({ placeholder }: { placeholder?: string }) {
  const { t, i18n } = useTranslation()
  const sorted = [...DISTRICT_NAMES].sort((a, b) =>
    t(`districts.${a}`).localeCompare(t(`districts.${b}`), i18n.language),
  )
  return (
    <>
      <option value="">{placeholder ?? t('forms.chooseDistrict')}</option>
      {sorted.map((name) => (
        <option key={name} value={name}>
          {t(`districts.${name}`)}
        </option>
      ))}
    </>
  )
}
