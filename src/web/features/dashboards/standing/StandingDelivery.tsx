import { lazy, Suspense, useState } from 'react'
import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Button } from '../../../components/ui/Button'
import { Alert } from '../../../components/ui/form'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { dayName } from '../../../lib/weekday'
import { useStopStandingDelivery } from '../api'

/** The drop-off form and its schema are fetched when the taker opens it. */
const StandingDeliveryDialog = lazy(() =>
  import('./StandingDeliveryDialog').then((m) => ({ default: m.StandingDeliveryDialog })),
)

type TakerDelivery = StandingOffer['takers'][number]['delivery']

/** Where a taker's portions are brought and who delivers which day (its taker and donor see it). */
export function DeliverersLine({ delivery }: { delivery: NonNullable<TakerDelivery> }) {
  const { t } = useTranslation()
  return (
    <p className="break-words text-sm text-gray-700" data-standing-deliverers>
      {t('standing.delivery.to', { city: delivery.city })}
      {' · '}
      {delivery.deliverers.length === 0
        ? t('standing.delivery.nobody')
        : delivery.deliverers
            .map((d) => t('standing.delivery.byDay', { day: dayName(d.day), volunteer: d.volunteer }))
            .join(', ')}
    </p>
  )
}

/**
 * The taker asks for delivery on their arrangement with the delivery dialog's fields (the same
 * schema), changes where to, or collects again themselves (docs/decisions/0069-standing-deliveries.md).
 */
export function StandingDeliveryButtons({
  offer,
  delivery,
  me,
}: {
  offer: StandingOffer
  delivery: TakerDelivery
  me: Me
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const stop = useStopStandingDelivery()
  const errorText = useErrorText()
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t(delivery ? 'standing.delivery.change' : 'standing.delivery.ask')}
      </Button>
      {delivery && (
        <Button variant="secondary" disabled={stop.isPending} onClick={() => stop.mutate(offer.id)}>
          {t('standing.delivery.stop')}
        </Button>
      )}
      {stop.isError && <Alert tone="error">{errorText(stop.error)}</Alert>}
      {open && (
        <Suspense fallback={null}>
          <StandingDeliveryDialog offer={offer} me={me} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
