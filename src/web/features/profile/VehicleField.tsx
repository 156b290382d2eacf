import type { UseFormRegisterReturn } from 'react-hook-form'
import { VEHICLES } from '../../../shared/run-schedule'
import { SelectField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/**
 * How a volunteer rides: a run's expected times use the vehicle's town speed
 * (docs/decisions/0071-volunteer-runs.md). Its own chunk, with the runs words: only volunteers see it.
 */
export function VehicleField({
  registration,
  disabled,
  error,
}: {
  registration: UseFormRegisterReturn<'vehicle'>
  disabled: boolean
  error: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <SelectField
      label={t('runs.vehicle.label')}
      hint={t('runs.vehicle.hint')}
      disabled={disabled}
      error={error}
      {...registration}
    >
      <option value="">{t('runs.vehicle.none')}</option>
      {VEHICLES.map((vehicle) => (
        <option key={vehicle} value={vehicle}>
          {t(`runs.vehicle.kinds.${vehicle}`)}
        </option>
      ))}
    </SelectField>
  )
}
