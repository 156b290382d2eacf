import { LocateFixed, Route } from 'lucide-react'
import { useState } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import type { Point } from '../../../shared/geo'
import { MAX_RUN_DELIVERIES, type StopRef } from '../../../shared/run-order'
import type { Delivery } from '../../../shared/schemas/orders'
import { PageLoading } from '../../components/layout/PageLoading'
import { type MapPin, MapView } from '../../components/map/MapView'
import { currentPoint } from '../../components/place/geolocation'
import { Alert, Button } from '../../components/ui/form'
import { ListState } from '../../components/ui/ListState'
import { useDeliveries } from '../../entities/delivery/api'
import { ApiError } from '../../lib/api'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDateTime, formatLkr, formatNumber } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { loadedItems } from '../../lib/paging'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useCreateRun } from './api'

/** Where a delivery's two ends are on the map: the exact points when given, else the public area. */
function deliveryPins(d: Delivery, t: (key: string, params?: Record<string, string>) => string): MapPin[] {
  const pickup = d.listing.pickupPoint ?? d.listing.approxPoint
  return [
    ...(pickup
      ? [{ id: `${d.id}|pickup`, ...pickup, label: t('runs.plan.pickupPin', { title: d.listing.title }) }]
      : []),
    ...(d.dropOffPoint
      ? [
          {
            id: `${d.id}|dropoff`,
            ...d.dropOffPoint,
            label: t('runs.plan.dropOffPin', { title: d.listing.title }),
          },
        ]
      : []),
  ]
}

/**
 * /volunteer/runs/new: the waiting deliveries within the volunteer's reach, on a list and a map; up
 * to four become one run, from where the volunteer is when they say so (docs/decisions/0071-volunteer-runs.md).
 */
export function PlanRunPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('runs.plan.title'))
  const me = useMe()
  const signIn = useSignInHere()
  if (me.isPending) return <PageLoading />
  if (!me.data) return <Redirect to={signIn} replace />
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-gray-900">
        <Route className="size-6 shrink-0" aria-hidden />
        {t('runs.plan.title')}
      </h1>
      <p className="mt-1 text-gray-700">{t('runs.plan.intro', { n: formatNumber(MAX_RUN_DELIVERIES) })}</p>
      {me.data.role === 'volunteer' ? (
        <Planner />
      ) : (
        <Alert tone="info">{t('runs.errors.volunteersOnly')}</Alert>
      )}
    </div>
  )
}

function Planner() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [, navigate] = useLocation()
  const available = useDeliveries('available', 50)
  const create = useCreateRun()
  const [chosen, setChosen] = useState<string[]>([])
  const [from, setFrom] = useState<Point | null>(null)
  const [locating, setLocating] = useState(false)
  const [locationFailed, setLocationFailed] = useState(false)
  const items = loadedItems(available)
  const full = chosen.length >= MAX_RUN_DELIVERIES

  const toggle = (id: string) =>
    setChosen((now) =>
      now.includes(id) ? now.filter((c) => c !== id) : now.length < MAX_RUN_DELIVERIES ? [...now, id] : now,
    )

  async function locate() {
    setLocating(true)
    setLocationFailed(false)
    try {
      setFrom(await currentPoint())
    } catch {
      setLocationFailed(true)
    } finally {
      setLocating(false)
    }
  }

  function plan(order?: StopRef[]) {
    create.mutate(
      { deliveryIds: chosen, ...(from ? { from } : {}), ...(order ? { order } : {}) },
      { onSuccess: (run) => navigate(`/volunteer/runs/${run.id}`) },
    )
  }

  const error = create.error
  const suggested = error instanceof ApiError ? error.suggestedOrder : undefined
  const fieldProblems =
    error instanceof ApiError && error.fields ? Object.values(error.fields).map((f) => t(f.key)) : []

  return (
    <div className="mt-4 space-y-4">
      <MapView
        label={t('runs.plan.map')}
        pins={items.flatMap((d) => deliveryPins(d, t))}
        onTap={(pin) => toggle(pin.split('|')[0] ?? pin)}
        className="h-64 w-full"
      />
      <ListState query={available} isEmpty={items.length === 0} empty={t('runs.plan.none')}>
        <fieldset>
          <legend className="font-semibold text-gray-900">
            {t('runs.plan.choose', { n: formatNumber(chosen.length), max: formatNumber(MAX_RUN_DELIVERIES) })}
          </legend>
          <ul className="mt-2 space-y-2">
            {items.map((d) => {
              const on = chosen.includes(d.id)
              return (
                <li key={d.id}>
                  <label
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${on ? 'border-brand-700 bg-brand-50' : 'border-gray-200'}`}
                    data-delivery={d.id}
                  >
                    <input
                      type="checkbox"
                      className="mt-1 size-5 shrink-0"
                      checked={on}
                      disabled={!on && full}
                      onChange={() => toggle(d.id)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold break-words text-gray-900" data-user-content>
                        {d.listing.title}
                      </span>
                      <span className="block text-sm break-words text-gray-700">
                        <span data-user-content>{d.listing.pickupCity}</span>,{' '}
                        {districtName(t, d.listing.pickupDistrict)} → <span data-user-content>{d.city}</span>,{' '}
                        {districtName(t, d.district)}
                      </span>
                      <span className="block text-sm text-gray-600">
                        {formatDateTime(d.deliveryAt)} · {formatLkr(d.fee)}
                      </span>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      </ListState>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void locate()} disabled={locating}>
          <LocateFixed className="size-4" aria-hidden />
          {locating ? t('runs.plan.locating') : t('runs.plan.useLocation')}
        </Button>
        {from && <span className="text-sm text-green-800">{t('runs.plan.fromHere')}</span>}
        {locationFailed && <span className="text-sm text-red-800">{t('runs.plan.locationFailed')}</span>}
      </div>
      {error && (
        <Alert tone="error">
          <span className="block" data-run-refusal>
            {errorText(error)}
          </span>
          {fieldProblems.map((text) => (
            <span key={text} className="block">
              {text}
            </span>
          ))}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {suggested && (
          <Button variant="secondary" disabled={create.isPending} onClick={() => plan(suggested)}>
            {t('runs.plan.useSuggested')}
          </Button>
        )}
        <Button disabled={chosen.length === 0 || create.isPending} onClick={() => plan()}>
          {create.isPending ? t('runs.plan.planning') : t('runs.plan.create')}
        </Button>
        <Link href="/dashboard/volunteer" className="self-center text-sm text-brand-700 underline">
          {t('runs.plan.back')}
        </Link>
      </div>
    </div>
  )
}
