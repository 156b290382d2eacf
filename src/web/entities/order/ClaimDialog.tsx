import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Listing } from '../../../shared/schemas/listings'
import { type ClaimData, type ClaimInput, claimInputSchema } from '../../../shared/schemas/orders'
import type { Me } from '../../../shared/schemas/users'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, TextAreaField, TextField } from '../../components/ui/form'
import { ordersApi } from './api'
import { DialogActions, PickupFields } from './parts'
import { QuantityStepper } from './QuantityStepper'
import { useOrderSubmission } from './use-submission'

export function ClaimDialog({ listing, me, onClose }: { listing: Listing; me: Me; onClose: () => void }) {
  const { t } = useTranslation()
  const form = useForm<ClaimInput, unknown, ClaimData>({
    resolver: zodResolver(claimInputSchema),
    defaultValues: {
      quantity: 1,
      pickupDate: sriLankaToday(),
      pickupTime: '',
      contactMethod: me.phone ? 'phone' : 'email',
      phone: me.phone ?? '',
      email: me.email,
      notes: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const { success, failure, submit } = useOrderSubmission(form.setError, 'orders.errors.claimFailed', onClose)
  const method = form.watch('contactMethod')

  async function onSubmit(values: ClaimData) {
    // Only the field of the chosen contact method is sent.
    const input: ClaimInput = {
      ...values,
      phone: values.contactMethod === 'phone' ? values.phone : undefined,
      email: values.contactMethod === 'email' ? values.email : undefined,
    }
    await submit(
      () => ordersApi.claim(listing.id, input),
      t('orders.claimSuccess', { count: values.quantity }),
    )
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.claimTitle')}
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
                label={t('orders.fields.portions')}
                value={Number(field.value) || 1}
                max={listing.quantity}
                onChange={field.onChange}
                error={errors.quantity?.message}
              />
            )}
          />
          <PickupFields
            date={form.register('pickupDate')}
            time={form.register('pickupTime')}
            dateError={errors.pickupDate?.message}
            timeError={errors.pickupTime?.message}
          />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-gray-800">
              {t('orders.fields.contactMethod')}
            </legend>
            <div className="flex gap-4">
              {(['phone', 'email'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={value} {...form.register('contactMethod')} className="size-4" />
                  {t(`orders.contactMethods.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {method === 'phone' ? (
            <TextField
              label={t('auth.fields.phone')}
              type="tel"
              autoComplete="tel"
              required
              error={errors.phone?.message}
              {...form.register('phone')}
            />
          ) : (
            <TextField
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
          )}
          <TextAreaField
            label={t('orders.fields.notes')}
            rows={3}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <DialogActions onCancel={onClose} submitting={isSubmitting} submitLabel={t('orders.claimSubmit')} />
        </form>
      )}
    </Dialog>
  )
}
