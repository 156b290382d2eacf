import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { isDistrictName } from '../../../../shared/districts'
import {
  type StandingDropOffInput,
  type StandingOffer,
  standingDropOffSchema,
} from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Dialog } from '../../../components/ui/Dialog'
import { DistrictField } from '../../../components/ui/DistrictOptions'
import {
  Alert,
  Button,
  PhoneField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../../components/ui/form'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../../lib/form-errors'
import { usePhoneParser } from '../../../lib/phone-parser'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useFixClearsError } from '../../../lib/use-fix-clears-error'
import { dayName } from '../../../lib/weekday'
import { useAskStandingDelivery, useStopStandingDelivery } from '../api'

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
      {open && <DropOffDialog offer={offer} me={me} onClose={() => setOpen(false)} />}
    </>
  )
}

function DropOffDialog({ offer, me, onClose }: { offer: StandingOffer; me: Me; onClose: () => void }) {
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
  const errors = form.formState.errors
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
        <TextField
          label={t('orders.fields.address')}
          autoComplete="street-address"
          required
          error={errors.address?.message}
          {...form.register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('orders.fields.city')}
            required
            error={errors.city?.message}
            {...form.register('city')}
          />
          <DistrictField error={errors.district?.message} {...form.register('district')} />
          <TextField
            label={t('orders.fields.postalCode')}
            optional
            inputMode="numeric"
            error={errors.postalCode?.message}
            {...form.register('postalCode')}
          />
        </div>
        <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
        <TextAreaField
          label={t('orders.fields.specialInstructions')}
          rows={2}
          error={errors.specialInstructions?.message}
          {...form.register('specialInstructions')}
        />
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
