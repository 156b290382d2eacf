import type { ReactNode } from 'react'
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { DistrictField } from '../../components/ui/DistrictOptions'
import { PhoneField, TextAreaField, TextField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/** The drop-off's fields, by the names both forms give them. */
type DropOffName = 'address' | 'city' | 'district' | 'postalCode' | 'phone' | 'specialInstructions'

/**
 * Where and to whom food is brought, in a delivery's form and a standing arrangement's alike: the
 * address, town, district and postal code, then `children` (a delivery's date and time), then the
 * phone and the instructions.
 */
export function DropOffFields<T extends FieldValues, Context, Output>({
  form,
  children,
}: {
  form: UseFormReturn<T, Context, Output>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const register = (name: DropOffName) => form.register(name as Path<T>)
  const errors: FieldErrors<Record<DropOffName, string>> = form.formState.errors
  return (
    <>
      <TextField
        label={t('orders.fields.address')}
        autoComplete="street-address"
        required
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('orders.fields.city')}
          required
          error={errors.city?.message}
          {...register('city')}
        />
        <DistrictField error={errors.district?.message} {...register('district')} />
        <TextField
          label={t('orders.fields.postalCode')}
          optional
          inputMode="numeric"
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </div>
      {children}
      <PhoneField required error={errors.phone?.message} {...register('phone')} />
      <TextAreaField
        label={t('orders.fields.specialInstructions')}
        rows={2}
        error={errors.specialInstructions?.message}
        {...register('specialInstructions')}
      />
    </>
  )
}
