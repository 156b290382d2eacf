import { LocateFixed } from 'lucide-react'
import { useId } from 'react'
import { isDistrictName } from '../../../shared/districts'
import { ChoiceButtons } from '../../components/ui/ChoiceButtons'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { inputClass } from '../../components/ui/form'
import { formatKm } from '../../lib/format-km'
import { useTranslation } from '../../lib/translation'
import type { Position } from './use-position'

/** The radii a reader can choose for "Near me", in km: a walk, a bus ride, a town, a district. */
export const RADII = ['2', '5', '10', '25'] as const
export type Radius = (typeof RADII)[number]
export const DEFAULT_RADIUS: Radius = '10'

const chip = 'inline-flex min-h-11 items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium'
const pressed = 'border-brand-700 bg-brand-700 text-white'
const idle = 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100'

/**
 * "Near me": the phone's position (with the reader's permission), or a signed-in person's home area,
 * within a chosen radius, nearest first; when the position is refused or unavailable, the district
 * choice instead (docs/decisions/0072-the-map-view.md).
 */
export function NearMe({
  active,
  fromHome,
  signedIn,
  position,
  radius,
  location,
  onNearMe,
  onHome,
  onRadius,
  onDistrict,
}: {
  active: boolean
  fromHome: boolean
  signedIn: boolean
  position: Position
  radius: Radius
  location: string
  onNearMe: () => void
  onHome: () => void
  onRadius: (radius: Radius) => void
  onDistrict: (district: string) => void
}) {
  const { t } = useTranslation()
  const districtId = useId()
  const unavailable = active && !fromHome && position.status === 'unavailable'
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={active && !fromHome}
          onClick={onNearMe}
          className={`${chip} ${active && !fromHome ? pressed : idle}`}
        >
          <LocateFixed className="size-4" aria-hidden />
          {t('nearby.near.me')}
        </button>
        {signedIn && (
          <button
            type="button"
            aria-pressed={fromHome}
            onClick={onHome}
            className={`${chip} ${fromHome ? pressed : idle}`}
          >
            {t('nearby.near.home')}
          </button>
        )}
      </div>
      {active && !unavailable && (
        <ChoiceButtons
          legend={t('nearby.near.radius')}
          choices={RADII}
          value={radius}
          onChange={onRadius}
          labelOf={(r) => t('nearby.near.within', { distance: formatKm(Number(r)) })}
          className="mt-2 flex flex-wrap gap-2"
          buttonClassName={chip}
          pressedClassName={pressed}
          idleClassName={idle}
        />
      )}
      {active && !fromHome && position.status === 'asking' && (
        <p className="mt-2 text-sm text-gray-700" role="status">
          {t('nearby.near.finding')}
        </p>
      )}
      {unavailable && (
        <div
          role="alert"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900"
        >
          <p>{t('nearby.near.unavailable')}</p>
          <label htmlFor={districtId} className="mt-2 block font-medium">
            {t('find-food.filters.location')}
          </label>
          <select
            id={districtId}
            value={isDistrictName(location) ? location : ''}
            onChange={(event) => onDistrict(event.target.value)}
            className={inputClass}
          >
            <DistrictOptions placeholder={t('find-food.filters.allLocations')} />
          </select>
        </div>
      )}
    </div>
  )
}
