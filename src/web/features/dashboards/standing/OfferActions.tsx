import { lazy, Suspense, useState } from 'react'
import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import { Button } from '../../../components/ui/Button'
import { useTranslation } from '../../../lib/translation'
import { useEndStandingOffer, useLeaveStandingOffer } from '../api'
import type { Confirmation } from './OfferDialogs'

/**
 * The dialogs, with the pause date's schema, are fetched at the first click: the dashboard's first
 * screen shows only the buttons (docs/decisions/0043-react-and-wouter.md, budgets).
 */
const PauseOfferDialog = lazy(() => import('./OfferDialogs').then((m) => ({ default: m.PauseOfferDialog })))
const ConfirmDialog = lazy(() => import('./OfferDialogs').then((m) => ({ default: m.ConfirmDialog })))

/** The donor pauses an offer until a date; no occurrence is asked or posted meanwhile. */
export function PauseOfferButton({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('standing.actions.pause')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PauseOfferDialog offer={offer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

/** The donor ends an offer for good, after saying so once more. */
export function EndOfferButton({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  const end = useEndStandingOffer()
  return (
    <ConfirmButton
      label={t('standing.actions.end')}
      title={t('standing.actions.endTitle', { title: offer.title })}
      detail={t('standing.actions.endDetail')}
      mutation={end}
      run={(done) => end.mutate(offer.id, { onSuccess: done })}
    />
  )
}

/** The taker stops taking from an offer; orders already confirmed stay. */
export function LeaveButton({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  const leave = useLeaveStandingOffer()
  return (
    <ConfirmButton
      label={t('standing.actions.leave')}
      title={t('standing.actions.leaveTitle', { title: offer.title })}
      detail={t('standing.actions.leaveDetail')}
      mutation={leave}
      run={(done) => leave.mutate(offer.id, { onSuccess: done })}
    />
  )
}

function ConfirmButton(confirmation: Confirmation) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {confirmation.label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog {...confirmation} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
