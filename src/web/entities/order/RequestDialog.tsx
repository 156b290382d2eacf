import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MAX_REQUEST_QUANTITY, PAYMENT_METHODS } from '../../../shared/reference-data'
import type { Listing } from '../../../shared/schemas/listings'
import {
  type FoodRequestData,
  type FoodRequestInput,
  foodRequestInputSchema,
} from '../../../shared/schemas/orders'
import type { Me } from '../../../shared/schemas/users'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, SelectField, TextAreaField, TextField } from '../../components/ui/form'
import { formatLkr } from '../../lib/format'
import { ordersApi } from './api'
import { DialogActions, PickupFields } from './parts'
import { QuantityStepper } from './QuantityStepper'
import { useOrderSubmission } from './use-submission'

export function RequestDialog({ listing, me, onClose }: { listing: Listing; me: Me; onClose: () => void }) {
  const { t } = useTranslation()
  const max = Math.min(MAX_REQUEST_QUANTITY, listing.quantity)
  const form = useForm<FoodRequestInput, unknown, FoodRequestData>({
    resolver: zodResolver(foodRequestInputSchema),
    defaultValues: {
      quantity: 1,
      pickupDate: sriLankaToday(),
      pickupTime: '',
      paymentMethod: 'cash',
      phone: me.phone ?? '',
      notes: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const { success, failure, submit } = useOrderSubmission(
    form.setError,
    'orders.errors.requestFailed',
    onClose,
  )
  const quantity = Number(form.watch('quantity')) || 1

  async function onSubmit(values: FoodRequestData) {
    await submit(() => ordersApi.request(listing.id, values), t('orders.requestSuccess'))
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.requestTitle')}
      description={listing.title}
    >
      {success ? (
        <Alert tone="success">{success}</Alert>
      ) : (
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <Controller
            control={form.control}
            name="quantity"
            render={({ field }) => (
              <QuantityStepper
                label={t('orders.fields.servings')}
                value={Number(field.value) || 1}
                max={max}
                onChange={field.onChange}
                error={errors.quantity?.message}
              />
            )}
          />
          <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {t('orders.total', {
              price: formatLkr(listing.price),
              count: quantity,
              total: formatLkr(listing.price * quantity),
            })}
          </p>
          <PickupFields
            date={form.register('pickupDate')}
            time={form.register('pickupTime')}
            dateError={errors.pickupDate?.message}
            timeError={errors.pickupTime?.message}
          />
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
          <TextField
            label={t('auth.fields.phone')}
            type="tel"
            autoComplete="tel"
            required
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextAreaField
            label={t('orders.fields.notes')}
            rows={3}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <DialogActions
            onCancel={onClose}
            submitting={isSubmitting}
            submitLabel={t('orders.requestSubmit')}
          />
        </form>
      )}
    </Dialog>
  )
}
