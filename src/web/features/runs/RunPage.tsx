import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, CloudOff, Navigation } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link, Redirect, useParams } from 'wouter'
import { nextDeliverySteps } from '../../../shared/delivery'
import { mapLinks } from '../../../shared/map-links'
import type { Delivery } from '../../../shared/schemas/orders'
import type { Run, RunStop } from '../../../shared/schemas/runs'
import { PageLoading } from '../../components/layout/PageLoading'
import { MapView } from '../../components/map/MapView'
import { Alert, Button, smallButton } from '../../components/ui/form'
import { postDeliveryStep, useDeliveries } from '../../entities/delivery/api'
import { stepQueue } from '../../entities/delivery/step-queue'
import { ApiError } from '../../lib/api'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDate, formatNumber } from '../../lib/format'
import { formatKm } from '../../lib/format-km'
import { useQueued } from '../../lib/offline-queue'
import { loadedItems } from '../../lib/paging'
import { invalidateForChange } from '../../lib/realtime'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useRun } from './api'

// The drop-off form (with the pickup code) loads when the volunteer opens it.
const DropOffDialog = lazy(() =>
  import('../../entities/order/DropOffDialog').then((m) => ({ default: m.DropOffDialog })),
)

/** A time of day in Sri Lanka, whatever the phone's zone. */
const clock = (iso: string) => formatDate(iso, { timeStyle: 'short' })

/**
 * /volunteer/runs/:id: the stops in order, each done with the delivery's own step (Picked up, then
 * Delivered with the pickup code); a step done without data waits on the phone and goes when the
 * network returns (docs/decisions/0071-volunteer-runs.md).
 */
export function RunPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('runs.run.title'))
  const { id = '' } = useParams()
  const me = useMe()
  const signIn = useSignInHere()
  const errorText = useErrorText()
  const run = useRun(id)
  if (me.isPending) return <PageLoading />
  if (!me.data) return <Redirect to={signIn} replace />
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{t('runs.run.title')}</h1>
      {run.isPending && <PageLoading />}
      {run.isError && <Alert tone="error">{errorText(run.error)}</Alert>}
      {run.data && <RunView run={run.data} userId={me.data.id} />}
    </div>
  )
}

function RunView({ run, userId }: { run: Run; userId: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const mine = useDeliveries('volunteer', 50)
  const [busyId, setBusyId] = useState<string | null>(null)
  const queued = useQueued(stepQueue, userId)
  const [dropOff, setDropOff] = useState<Delivery | null>(null)
  const queryClient = useQueryClient()
  // The stop is marked done by the server just after the step: read the run and deliveries again.
  const refresh = () => void invalidateForChange(queryClient, 'runs')
  const [failure, setFailure] = useState<string | null>(null)
  const deliveries = new Map(loadedItems(mine).map((d) => [d.id, d]))
  const titleOf = (deliveryId: string) => deliveries.get(deliveryId)?.listing.title ?? ''
  const waiting = (stop: RunStop) =>
    queued.some(
      (q) => q.deliveryId === stop.deliveryId && q.step === (stop.kind === 'pickup' ? 'pick-up' : 'complete'),
    )
  const isDone = (stop: RunStop) => stop.doneAt !== null || waiting(stop)
  const pickupDone = (deliveryId: string) =>
    run.stops.some((s) => s.deliveryId === deliveryId && s.kind === 'pickup' && isDone(s))

  // Straight to the API, not through a mutation: React Query holds a mutation back while the phone
  // is offline, and here a step without network is kept on the phone at once (step-queue.ts).
  async function pickUp(delivery: Delivery) {
    setFailure(null)
    setBusyId(delivery.id)
    try {
      await postDeliveryStep(delivery.id, 'pick-up')
      refresh()
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        stepQueue.queue({ userId, deliveryId: delivery.id, step: 'pick-up', title: delivery.listing.title })
      } else {
        setFailure(errorText(error))
      }
    } finally {
      setBusyId(null)
    }
  }

  return (
    <div className="mt-3 space-y-4">
      <p className="text-gray-800" data-run-totals>
        {run.status === 'completed'
          ? t('runs.run.completed')
          : t('runs.run.totals', {
              km: formatKm(run.totalKm),
              minutes: formatNumber(run.totalMinutes),
              n: formatNumber(run.stops.length),
            })}
      </p>
      {queued
        .filter((q) => q.refusal)
        .map((q) => (
          <Alert key={`${q.deliveryId}${q.step}`} tone="error">
            <span className="block">
              {t('runs.run.refused', { title: q.title })}{' '}
              {q.refusal?.key ? t(q.refusal.key, q.refusal.params) : q.refusal?.message}
            </span>
            <Button variant="secondary" onClick={() => stepQueue.dismiss(q)}>
              {t('runs.run.dismiss')}
            </Button>
          </Alert>
        ))}
      {failure && <Alert tone="error">{failure}</Alert>}
      <MapView
        label={t('runs.run.map')}
        pins={run.stops.map((s, i) => ({
          id: `${i}`,
          ...s.point,
          badge: formatNumber(i + 1),
          label: t(`runs.run.pin.${s.kind}`, { n: formatNumber(i + 1), place: s.place }),
        }))}
        className="h-56 w-full"
      />
      <ol className="space-y-3">
        {run.stops.map((stop, i) => {
          const delivery = deliveries.get(stop.deliveryId)
          const done = isDone(stop)
          const steps = delivery ? nextDeliverySteps(delivery) : []
          const canPickUp = stop.kind === 'pickup' && !done && delivery && steps.includes('pick-up')
          const canDeliver =
            stop.kind === 'dropoff' &&
            !done &&
            delivery &&
            pickupDone(stop.deliveryId) &&
            delivery.status !== 'completed'
          const links = mapLinks({
            address: stop.place,
            city: '',
            district: '',
            point: stop.point,
            approximate: stop.approximate,
          })
          return (
            <li
              key={`${stop.deliveryId}${stop.kind}`}
              className={`rounded-lg border p-3 ${done ? 'border-green-300 bg-green-50' : 'border-gray-200'}`}
              data-stop={i + 1}
              data-delivery={stop.deliveryId}
              data-kind={stop.kind}
              data-done={done}
            >
              <div className="flex items-start gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gray-900 font-bold text-white">
                  {formatNumber(i + 1)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-gray-900">
                    {t(`runs.run.kind.${stop.kind}`)}
                    {' · '}
                    <span data-user-content>{titleOf(stop.deliveryId)}</span>
                  </p>
                  <p className="break-words text-sm text-gray-800" data-user-content>
                    {stop.place}
                  </p>
                  <p className="text-sm text-gray-700">
                    {t('runs.run.leg', { km: formatKm(stop.legKm), time: clock(stop.etaAt) })}
                    {stop.approximate && ` · ${t('runs.run.approximate')}`}
                  </p>
                  {stop.doneAt && (
                    <p className="flex items-center gap-1 text-sm font-medium text-green-800">
                      <CheckCircle2 className="size-4 shrink-0" aria-hidden />
                      {t('runs.run.doneAt', { time: clock(stop.doneAt) })}
                    </p>
                  )}
                  {!stop.doneAt && waiting(stop) && (
                    <p className="flex items-center gap-1 text-sm font-medium text-amber-900" data-queued>
                      <CloudOff className="size-4 shrink-0" aria-hidden />
                      {t('runs.run.queued')}
                    </p>
                  )}
                </div>
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                {canPickUp && (
                  <button
                    type="button"
                    disabled={busyId === delivery.id}
                    onClick={() => void pickUp(delivery)}
                    data-step="pick-up"
                    className={`${smallButton} flex-auto bg-purple-700 text-white hover:bg-purple-800`}
                  >
                    {t('runs.run.pickedUp')}
                  </button>
                )}
                {canDeliver && (
                  <button
                    type="button"
                    onClick={() => setDropOff(delivery)}
                    data-step="complete"
                    className={`${smallButton} flex-auto bg-green-700 text-white hover:bg-green-800`}
                  >
                    {t('runs.run.delivered')}
                  </button>
                )}
                <a
                  href={links.geo}
                  className={`${smallButton} flex-auto border border-gray-300 text-gray-800 hover:bg-gray-50`}
                >
                  <Navigation className="size-4 shrink-0" aria-hidden />
                  {t('runs.run.directions')}
                </a>
              </div>
            </li>
          )
        })}
      </ol>
      <Link href="/dashboard/volunteer" className="text-sm text-brand-700 underline">
        {t('runs.plan.back')}
      </Link>
      {dropOff && (
        <Suspense fallback={null}>
          <DropOffDialog
            delivery={dropOff}
            complete={(input) => postDeliveryStep(dropOff.id, 'complete', input).then(refresh)}
            onClose={() => setDropOff(null)}
            onDone={() => {
              setDropOff(null)
            }}
            onOffline={(input) => {
              stepQueue.queue({
                userId,
                deliveryId: dropOff.id,
                step: 'complete',
                title: dropOff.listing.title,
                input,
              })
              setDropOff(null)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
