import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { isDistrictName } from '../../../../shared/districts'
import {
  type StandingDropOffInput,
  type StandingOffer,
  standingDropOffSchema,
} from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, SubmitButton } from '../../../components/ui/form'
import { DropOffFields } from '../../../entities/order/DropOffFields'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../../lib/form-errors'
import { usePhoneParser } from '../../../lib/phone-parser'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useFixClearsError } from '../../../lib/use-fix-clears-error'
import { useAskStandingDelivery } from '../api'

/** The taker's drop-off for their arrangement, loaded when they open it (StandingDelivery.tsx). */
export function StandingDeliveryDialog({
  offer,
  me,
  onClose,
}: {
  offer: StandingOffer
  me: Me
  onClose: () => void
}) {
  usePhoneParser()
  const { t } = useTranslation()
  const errorText = useErrorText()
  const form = useForm<StandingDropOffInput>({
    resolver: zodResolver(standingDropOffSchema),
    defaultValues: {
      address: '',
      city: '',
      district: me.district && isDistrictName(me.district) ? me.district : '',
      postalCode: '',
      phone: me.phone ?? '',
      specialInstructions: '',
    },
  })
  useFixClearsError(form)
  const ask = useAskStandingDelivery()
  const submit = form.handleSubmit((values) =>
    ask.mutate(
      { id: offer.id, dropOff: values },
      {
        onSuccess: onClose,
        onError: (error) => hasServerFieldErrors(error) && applyServerFieldErrors(error, form.setError),
      },
    ),
  )
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('standing.delivery.title', { title: offer.title })}
      description={t('standing.delivery.detail')}
      size="lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 min-w-0 space-y-4">
        <DropOffFields form={form} />
        {ask.isError && !hasServerFieldErrors(ask.error) && (
          <Alert tone="error">{errorText(ask.error)}</Alert>
        )}
        <SubmitButton busy={ask.isPending} busyLabel={t('standing.actions.saving')}>
          {t('standing.delivery.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  )
}
