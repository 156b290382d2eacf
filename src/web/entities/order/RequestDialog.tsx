import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { MAX_REQUEST_QUANTITY, PAYMENT_METHODS } from '../../../shared/reference-data'
import type { Listing } from '../../../shared/schemas/listings'
import {
  type FoodRequestData,
  type FoodRequestInput,
  foodRequestInputSchema,
} from '../../../shared/schemas/order-input'
import type { Me } from '../../../shared/schemas/users'
import { PhoneField, SelectField } from '../../components/ui/form'
import { usePhoneParser } from '../../lib/phone-parser'
import { useTranslation } from '../../lib/translation'
import { ordersApi, useListingNow } from './api'
import { NotesField, OrderDialog, OrderTotal, PickupFields, QuantityField, usePickupSlots } from './parts'
import { useOrderSubmission } from './use-submission'

export function RequestDialog({ listing, me, onClose }: { listing: Listing; me: Me; onClose: () => void }) {
  usePhoneParser()
  const { t } = useTranslation()
  const pickup = usePickupSlots(listing)
  const form = useForm<FoodRequestInput, unknown, FoodRequestData>({
    resolver: zodResolver(foodRequestInputSchema),
    defaultValues: {
      quantity: 1,
      ...pickup.first,
      paymentMethod: 'cash',
      phone: me.phone ?? '',
      notes: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const { success, failure, gone, submit } = useOrderSubmission(form.setError, 'orders.errors.requestFailed')
  const now = useListingNow(listing)
  const max = Math.max(1, Math.min(MAX_REQUEST_QUANTITY, now.quantity))
  const quantity = Number(form.watch('quantity')) || 1

  async function onSubmit(values: FoodRequestData) {
    await submit(() => ordersApi.request(listing.id, pickup.onSubmit(values)), t('orders.requestSuccess'))
  }

  return (
    <OrderDialog
      listing={listing}
      title={t('orders.requestTitle')}
      success={success}
      failure={failure}
      gone={gone || !now.available}
      onSubmit={form.handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('orders.requestSubmit')}
      onClose={onClose}
    >
      <QuantityField
        control={form.control}
        label={t('orders.fields.servings')}
        max={max}
        available={now.quantity}
        error={errors.quantity?.message}
      />
      <OrderTotal price={listing.price} quantity={quantity} />
      <PickupFields slots={pickup.slots} form={form} />
      <SelectField
        label={t('orders.fields.paymentMethod')}
        required
        error={errors.paymentMethod?.message}
        {...form.register('paymentMethod')}
      >
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {t(`orders.paymentMethods.${method}`)}
          </option>
        ))}
      </SelectField>
      <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
      <NotesField error={errors.notes?.message} {...form.register('notes')} />
    </OrderDialog>
  )
}
