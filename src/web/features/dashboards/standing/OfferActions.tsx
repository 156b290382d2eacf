import { useState } from 'react'
import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import { pauseSchema } from '../../../../shared/schemas/standing-offers'
import { UpcomingDateField } from '../../../components/ui/DateFields'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, Button, SubmitButton } from '../../../components/ui/form'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useEndStandingOffer, useLeaveStandingOffer, usePauseStandingOffer } from '../api'

/** The donor pauses an offer until a date; no occurrence is asked or posted meanwhile. */
export function PauseOfferButton({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const [until, setUntil] = useState('')
  const [invalid, setInvalid] = useState<string | undefined>()
  const pause = usePauseStandingOffer()
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('standing.actions.pause')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('standing.actions.pauseTitle', { title: offer.title })}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault()
            const checked = pauseSchema.safeParse({ until })
            setInvalid(checked.success ? undefined : checked.error.issues[0]?.message)
            if (checked.success) pause.mutate({ id: offer.id, until }, { onSuccess: () => setOpen(false) })
          }}
        >
          <UpcomingDateField
            label={t('standing.actions.pauseUntil')}
            required
            value={until}
            error={invalid}
            onChange={(event) => setUntil(event.target.value)}
          />
          {pause.isError && <Alert tone="error">{errorText(pause.error)}</Alert>}
          <SubmitButton busy={pause.isPending} busyLabel={t('standing.actions.saving')}>
            {t('standing.actions.pause')}
          </SubmitButton>
        </form>
      </Dialog>
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

function ConfirmButton({
  label,
  title,
  detail,
  mutation,
  run,
}: {
  label: string
  title: string
  detail: string
  mutation: { isPending: boolean; isError: boolean; error: unknown }
  run: (done: () => void) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={title} description={detail}>
        {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('standing.actions.keep')}
          </Button>
          <Button variant="danger" disabled={mutation.isPending} onClick={() => run(() => setOpen(false))}>
            {label}
          </Button>
        </div>
      </Dialog>
    </>
  )
}
