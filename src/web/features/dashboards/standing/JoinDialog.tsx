import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { joinSchema, type StandingOffer } from '../../../../shared/schemas/standing-offers'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, NumberField, SubmitButton } from '../../../components/ui/form'
import { asNumber } from '../../../entities/listing/ListingFields'
import { formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useJoinStandingOffer } from '../api'

/** "Take regularly": how many portions a day (OpenOffersPanel.tsx opens it). */
export function JoinDialog({ offer, onClose }: { offer: StandingOffer; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const join = useJoinStandingOffer()
  const form = useForm<{ quantity: number }>({ resolver: zodResolver(joinSchema) })
  const submit = form.handleSubmit(({ quantity }) =>
    join.mutate({ id: offer.id, quantity }, { onSuccess: onClose }),
  )
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('standing.join.title', { title: offer.title })}
      description={t('standing.join.detail', {
        donor: offer.donorName,
        n: formatNumber(offer.room),
      })}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <NumberField
          label={t('standing.join.quantity')}
          error={form.formState.errors.quantity}
          required
          min={1}
          max={offer.room}
          {...form.register('quantity', { setValueAs: asNumber })}
        />
        {/* A 409 says how many portions are still free (someone may have joined meanwhile). */}
        {join.isError && <Alert tone="error">{errorText(join.error)}</Alert>}
        <SubmitButton busy={join.isPending} busyLabel={t('standing.actions.saving')}>
          {t('standing.join.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  )
}
