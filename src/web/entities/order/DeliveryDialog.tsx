import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { deliveryFee, deliveryTimesOn, firstDeliveryTime } from '../../../shared/delivery'
import { MAX_REQUEST_QUANTITY } from '../../../shared/reference-data'
import type { Listing } from '../../../shared/schemas/listings'
import {
  type DeliveryData,
  type DeliveryInput,
  deliveryInputSchema,
} from '../../../shared/schemas/order-input'
import type { Me } from '../../../shared/schemas/users'
import { isDateText } from '../../../shared/sri-lanka-time'
import { PlaceField } from '../../components/place'
import { placeFieldProps } from '../../components/place/form'
import { UpcomingDateField } from '../../components/ui/DateFields'
import { choiceRow, SelectField } from '../../components/ui/form'
import { formatLkr } from '../../lib/format'
import { usePhoneParser } from '../../lib/phone-parser'
import { useTranslation } from '../../lib/translation'
import { ordersApi, useListingNow } from './api'
import { DropOffFields } from './DropOffFields'
import { useServingsForMe } from './FairUse'
import { OrderDialog, OrderTotal, QuantityField } from './parts'
import { useOrderSubmission } from './use-submission'

export function DeliveryDialog({ listing, me, onClose }: { listing: Listing; me: Me; onClose: () => void }) {
  usePhoneParser()
  const { t } = useTranslation()
  // The first time the food allows: ahead, inside its pickup window and before its expiry.
  const [first] = useState(() => firstDeliveryTime(listing))
  const form = useForm<DeliveryInput, unknown, DeliveryData>({
    resolver: zodResolver(deliveryInputSchema),
    defaultValues: {
      quantity: 1,
      address: '',
      city: '',
      district: (me.district ?? '') as DeliveryInput['district'],
      postalCode: '',
      deliveryDate: first?.date ?? '',
      deliveryTime: first?.time ?? '',
      phone: me.phone ?? '',
      specialInstructions: '',
      urgent: false,
    },
  })
  const { errors, isSubmitting } = form.formState
  const { success, failure, gone, submit } = useOrderSubmission(form.setError, 'orders.errors.deliveryFailed')
  const now = useListingNow(listing)
  // Reserved like a claim or request: half-price food at most 5 (the server checks the same).
  const forMe = useServingsForMe(listing.type === 'free', now.quantity)
  const max = Math.max(
    1,
    listing.type === 'half-price' ? Math.min(MAX_REQUEST_QUANTITY, now.quantity) : forMe,
  )
  // The same table the server prices with; the server's figure is the one charged.
  const quantity = Number(form.watch('quantity')) || 1
  const fee = deliveryFee(form.watch('district'), Boolean(form.watch('urgent')))
  const date = form.watch('deliveryDate')
  const times = isDateText(date) ? deliveryTimesOn(listing, date) : []

  async function onSubmit(values: DeliveryData) {
    await submit(
      () => ordersApi.delivery(listing.id, values),
      t('orders.deliverySuccess', { count: values.quantity }),
    )
  }

  return (
    <OrderDialog
      listing={listing}
      title={t('orders.deliveryTitle')}
      size="lg"
      success={success}
      failure={failure}
      gone={gone || !now.available}
      onSubmit={form.handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('orders.deliverySubmit')}
      onClose={onClose}
    >
      <QuantityField
        control={form.control}
        label={t('orders.fields.portions')}
        max={max}
        available={now.quantity}
        error={errors.quantity?.message}
      />
      {listing.type === 'half-price' && <OrderTotal price={listing.price} quantity={quantity} />}
      <PlaceField
        purpose="dropOff"
        {...placeFieldProps(form, { point: 'dropOffPoint', town: 'city', district: 'district' })}
      />
      <DropOffFields form={form}>
        <div className="grid gap-4 sm:grid-cols-2">
          <UpcomingDateField
            label={t('orders.fields.deliveryDate')}
            required
            error={errors.deliveryDate?.message}
            {...form.register('deliveryDate')}
          />
          <SelectField
            label={t('orders.fields.deliveryTime')}
            required
            error={errors.deliveryTime?.message}
            {...form.register('deliveryTime')}
          >
            <option value="">{t('orders.chooseTime')}</option>
            {times.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </SelectField>
        </div>
      </DropOffFields>
      <label className={choiceRow}>
        <input type="checkbox" className="size-5 shrink-0" {...form.register('urgent')} />
        {t('orders.fields.urgent')}
      </label>
      <p className="rounded-md bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900" aria-live="polite">
        {t('orders.fee', { fee: formatLkr(fee) })}
      </p>
    </OrderDialog>
  )
}
