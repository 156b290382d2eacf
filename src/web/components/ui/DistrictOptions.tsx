import { type ComponentProps, forwardRef, useMemo } from 'react'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { collator } from '../../lib/intl-formats'
import { useTranslation } from '../../lib/translation'
import { SelectField } from './form'

/** The 25 districts, sorted by their name in the current language. */
export function DistrictOptions({ placeholder }: { placeholder?: string }) {
  const { t, i18n } = useTranslation()
  // Each name translated once and compared with one collator: translating inside the comparison
  // cost a cheap phone a long task on every form with a district.
  const sorted = useMemo(() => {
    const compare = collator(i18n.language).compare
    return DISTRICT_NAMES.map((name) => ({ name, label: t(`districts.${name}`) })).sort((a, b) =>
      compare(a.label, b.label),
    )
  }, [t, i18n.language])
  return (
    <>
      <option value="">{placeholder ?? t('forms.chooseDistrict')}</option>
      {sorted.map(({ name, label }) => (
        <option key={name} value={name}>
          {label}
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
