import { type ComponentProps, forwardRef } from 'react'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { useTranslation } from '../../lib/translation'
import { SelectField } from './form'

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

type DistrictFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>

/** The user's district, required: a select of the districts. */
export const DistrictField = forwardRef<HTMLSelectElement, DistrictFieldProps>(
  function DistrictField(props, ref) {
    const { t } = useTranslation()
    return (
      <SelectField ref={ref} label={t('auth.fields.district')} required {...props}>
        <DistrictOptions />
      </SelectField>
    )
  },
)
