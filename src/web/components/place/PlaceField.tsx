import { Crosshair, Map as MapIcon, MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import type { DistrictName } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import { useTranslation } from '../../lib/translation'
import { Button, FieldError } from '../ui/form'
import { nearestPlace, type Place } from './api'
import { currentPoint, LocationError, type LocationProblem } from './geolocation'
import { MapChooser } from './MapChooser'
import { PlaceName } from './PlaceName'
import { TownSearch } from './TownSearch'

/** A town for the form's own town and district fields, named as the gazetteer's English name. */
export type FoundTown = { town: string; district: DistrictName }

export type PlaceFieldProps = {
  /** What the point is: it names the fieldset. */
  purpose: keyof typeof LEGEND
  point: Point | null | undefined
  onPointChange: (point: Point | null) => void
  /**
   * A town chosen from the gazetteer (`onlyIfEmpty` false) or the one nearest the phone's location
   * (true: it fills the form's town and district only where the person has not typed them).
   */
  onTownFound: (found: FoundTown, onlyIfEmpty: boolean) => void
  /** An i18n key: the point's error from the shared schema or the server. */
  error?: string
  /** False where the API keeps a point once set (editing a listing or an event). */
  clearable?: boolean
  disabled?: boolean
}

const LEGEND = {
  pickup: 'place-picker.legend.pickup',
  dropOff: 'place-picker.legend.dropOff',
  venue: 'place-picker.legend.venue',
  home: 'place-picker.legend.home',
} as const

const HOW_TEXT = {
  town: 'place-picker.how.town',
  location: 'place-picker.how.location',
  map: 'place-picker.how.map',
  set: 'place-picker.how.set',
} as const

const PROBLEM_TEXT = {
  denied: 'place-picker.location.denied',
  unavailable: 'place-picker.location.unavailable',
  outside: 'place-picker.location.outside',
  nearest: 'place-picker.location.nearest',
} as const

/** How the point was set in this visit; unknown for a point the form started with. */
type How = { way: 'town'; place: Place } | { way: 'location' | 'map'; place: Place | null }

/**
 * The one place picker of every form with a point (docs/decisions/0073-setting-a-place.md): a town
 * from the gazetteer, the phone's location, or a tap on the map. The search and the location work
 * without the map, whose code and tiles load only when the person opens it.
 */
export function PlaceField({
  purpose,
  point,
  onPointChange,
  onTownFound,
  error,
  clearable = true,
  disabled,
}: PlaceFieldProps) {
  const { t } = useTranslation()
  const errorId = useId()
  const [how, setHow] = useState<How | null>(null)
  const [changing, setChanging] = useState(false)
  const [locating, setLocating] = useState(false)
  const [problem, setProblem] = useState<LocationProblem | 'nearest' | null>(null)
  const [mapOpen, setMapOpen] = useState(false)
  const choosing = !point || changing

  function set(next: Point, nextHow: How) {
    onPointChange(next)
    setHow(nextHow)
    setChanging(false)
    setProblem(null)
  }

  function chooseTown(place: Place) {
    set(place.point, { way: 'town', place })
    onTownFound({ town: place.names.en, district: place.district }, false)
  }

  async function locateMe() {
    setProblem(null)
    setLocating(true)
    try {
      const here = await currentPoint()
      set(here, { way: 'location', place: null })
      try {
        const place = await nearestPlace(here)
        setHow({ way: 'location', place })
        onTownFound({ town: place.names.en, district: place.district }, true)
      } catch {
        // The point is set; only the town could not be named: the person types it.
        setProblem('nearest')
      }
    } catch (failure) {
      setProblem(failure instanceof LocationError ? failure.problem : 'unavailable')
    } finally {
      setLocating(false)
    }
  }

  return (
    <fieldset
      className="min-w-0 rounded-lg border border-gray-200 p-3"
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-medium text-gray-800">{t(LEGEND[purpose])}</legend>
      {point && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <MapPin className="size-5 shrink-0 text-brand-700" aria-hidden />
          <p className="flex min-w-0 flex-1 basis-40 flex-col" role="status">
            {how?.place ? <PlaceName place={how.place} /> : null}
            <span className="text-sm text-gray-700">{t(HOW_TEXT[how?.way ?? 'set'])}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            {!changing && (
              <Button variant="secondary" onClick={() => setChanging(true)}>
                {t('place-picker.change')}
              </Button>
            )}
            {clearable && (
              <Button
                variant="ghost"
                onClick={() => {
                  onPointChange(null)
                  setHow(null)
                  setChanging(false)
                }}
              >
                {t('place-picker.clear')}
              </Button>
            )}
          </div>
        </div>
      )}
      {choosing && (
        <div className={`space-y-3 ${point ? 'mt-3 border-t border-gray-200 pt-3' : ''}`}>
          <p className="text-sm text-gray-600">{t('place-picker.why')}</p>
          <TownSearch onChoose={chooseTown} disabled={disabled} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={locateMe}
              disabled={locating}
              aria-describedby={`${errorId}-location`}
            >
              <Crosshair className="size-4" aria-hidden />
              {locating ? t('place-picker.location.finding') : t('place-picker.location.use')}
            </Button>
            <Button variant="secondary" onClick={() => setMapOpen(true)}>
              <MapIcon className="size-4" aria-hidden />
              {t('place-picker.map.choose')}
            </Button>
          </div>
          <p id={`${errorId}-location`} role="status" className="text-sm text-red-700 [&:empty]:hidden">
            {problem ? t(PROBLEM_TEXT[problem]) : ''}
          </p>
          {changing && (
            <Button variant="ghost" onClick={() => setChanging(false)}>
              {t('place-picker.keep')}
            </Button>
          )}
        </div>
      )}
      <FieldError id={errorId} message={error} />
      {mapOpen && (
        <MapChooser
          start={point ?? (how?.way === 'town' ? how.place.point : null)}
          onChoose={(picked) => {
            // The town stays named: the map moved the point within it, most likely.
            set(picked, { way: 'map', place: how?.place ?? null })
            setMapOpen(false)
          }}
          onClose={() => setMapOpen(false)}
        />
      )}
    </fieldset>
  )
}
