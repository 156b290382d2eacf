import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { Listing } from '../../../shared/schemas/listings'
import { type ClaimData, type ClaimInput, claimInputSchema } from '../../../shared/schemas/order-input'
import type { Me } from '../../../shared/schemas/users'
import { choiceRow, EmailField, PhoneField } from '../../components/ui/form'
import { usePhoneParser } from '../../lib/phone-parser'
import { useTranslation } from '../../lib/translation'
import { ordersApi, useListingNow } from './api'
import { useServingsForMe } from './FairUse'
import { NotesField, OrderDialog, PickupFields, QuantityField, usePickupSlots } from './parts'
import { useOrderSubmission } from './use-submission'

export function ClaimDialog({ listing, me, onClose }: { listing: Listing; me: Me; onClose: () => void }) {
  usePhoneParser()
  const { t } = useTranslation()
  const pickup = usePickupSlots(listing)
  const form = useForm<ClaimInput, unknown, ClaimData>({
    resolver: zodResolver(claimInputSchema),
    defaultValues: {
      quantity: 1,
      ...pickup.first,
      contactMethod: me.phone ? 'phone' : 'email',
      phone: me.phone ?? '',
      email: me.email,
      notes: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const { success, failure, gone, submit } = useOrderSubmission(form.setError, 'orders.errors.claimFailed')
  const now = useListingNow(listing)
  const forMe = useServingsForMe(true, now.quantity)
  const method = form.watch('contactMethod')

  async function onSubmit(values: ClaimData) {
    // Only the field of the chosen contact method is sent.
    const input: ClaimInput = {
      ...pickup.onSubmit(values),
      phone: values.contactMethod === 'phone' ? values.phone : undefined,
      email: values.contactMethod === 'email' ? values.email : undefined,
    }
    await submit(
      () => ordersApi.claim(listing.id, input),
      t('orders.claimSuccess', { count: values.quantity }),
    )
  }

  return (
    <OrderDialog
      listing={listing}
      title={t('orders.claimTitle')}
      success={success}
      failure={failure}
      gone={gone || !now.available}
      onSubmit={form.handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('orders.claimSubmit')}
      onClose={onClose}
    >
      <QuantityField
        control={form.control}
        label={t('orders.fields.portions')}
        max={Math.max(1, forMe)}
        available={now.quantity}
        error={errors.quantity?.message}
      />
      <PickupFields slots={pickup.slots} form={form} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">{t('orders.fields.contactMethod')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {(['phone', 'email'] as const).map((value) => (
            <label key={value} className={choiceRow}>
              <input
                type="radio"
                value={value}
                {...form.register('contactMethod')}
                className="size-5 shrink-0"
              />
              {t(`orders.contactMethods.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'phone' ? (
        <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
      ) : (
        <EmailField error={errors.email?.message} {...form.register('email')} />
      )}
      <NotesField error={errors.notes?.message} {...form.register('notes')} />
    </OrderDialog>
  )
}
