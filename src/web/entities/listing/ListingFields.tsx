import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { ALLERGENS, LISTING_TYPES } from '../../../shared/reference-data'
import type { Category, UpdateListingInput } from '../../../shared/schemas/listings'
import { sriLankaToday } from '../../../shared/sri-lanka-time'
import { Field, inputClass } from '../../components/ui/form'
import { categoryName, districtName } from '../../lib/labels'

/** The fields the donate wizard and the edit dialog share (the edit input is a subset of create's). */
export type ListingFormFields = UpdateListingInput
export type ListingForm = UseFormReturn<ListingFormFields>

/** Empty number inputs become undefined (the schema's 'required' message), never NaN. */
export const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value)

export function FoodDetailsFields({ form, categories }: { form: ListingForm; categories: Category[] }) {
  const { t } = useTranslation()
  const {
    register,
    watch,
    formState: { errors },
  } = form
  const type = watch('type')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t('listings.fields.title')} error={errors.title} required>
          {(props) => (
            <input
              {...props}
              {...register('title')}
              className={inputClass}
              placeholder={t('listings.fields.titlePlaceholder')}
            />
          )}
        </Field>
      </div>
      <Field label={t('listings.fields.category')} error={errors.categoryId} required>
        {(props) => (
          <select {...props} {...register('categoryId')} className={inputClass}>
            <option value="">{t('listings.fields.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {categoryName(t, c)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('listings.fields.quantity')} error={errors.quantity} required>
        {(props) => (
          <input
            {...props}
            {...register('quantity', { setValueAs: asNumber })}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className={inputClass}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Field label={t('listings.fields.description')} error={errors.description} required>
          {(props) => (
            <textarea
              {...props}
              {...register('description')}
              rows={3}
              className={inputClass}
              placeholder={t('listings.fields.descriptionPlaceholder')}
            />
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="block text-sm font-medium text-gray-800">{t('listings.fields.type')}</legend>
        <div className="mt-2 flex gap-4">
          {LISTING_TYPES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...register('type')} className="size-4 accent-brand-700" />
              {t(`listings.type.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {type === 'half-price' && (
        <Field
          label={t('listings.fields.price')}
          error={errors.price}
          required
          hint={t('listings.fields.priceHint')}
        >
          {(props) => (
            <input
              {...props}
              {...register('price', { setValueAs: asNumber })}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={inputClass}
            />
          )}
        </Field>
      )}
      <fieldset className="sm:col-span-2">
        <legend className="block text-sm font-medium text-gray-800">{t('listings.fields.allergens')}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={allergen}
                {...register('allergens')}
                className="size-4 accent-brand-700"
              />
              {t(`allergens.${allergen}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <Field label={t('listings.fields.preparationNotes')} error={errors.preparationNotes}>
          {(props) => (
            <textarea
              {...props}
              {...register('preparationNotes')}
              rows={2}
              className={inputClass}
              placeholder={t('listings.fields.preparationNotesPlaceholder')}
            />
          )}
        </Field>
      </div>
    </div>
  )
}

export function PickupFields({ form }: { form: ListingForm }) {
  const { t } = useTranslation()
  const {
    register,
    formState: { errors },
  } = form
  const today = sriLankaToday()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t('listings.fields.pickupAddress')} error={errors.pickupAddress} required>
          {(props) => (
            <input
              {...props}
              {...register('pickupAddress')}
              className={inputClass}
              autoComplete="street-address"
            />
          )}
        </Field>
      </div>
      <Field label={t('listings.fields.city')} error={errors.pickupCity} required>
        {(props) => (
          <input
            {...props}
            {...register('pickupCity')}
            className={inputClass}
            autoComplete="address-level2"
          />
        )}
      </Field>
      <Field label={t('listings.fields.district')} error={errors.pickupDistrict} required>
        {(props) => (
          <select {...props} {...register('pickupDistrict')} className={inputClass}>
            <option value="">{t('listings.fields.chooseDistrict')}</option>
            {DISTRICT_NAMES.map((name) => (
              <option key={name} value={name}>
                {districtName(t, name)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('listings.fields.postalCode')} error={errors.pickupPostalCode}>
        {(props) => (
          <input
            {...props}
            {...register('pickupPostalCode')}
            className={inputClass}
            inputMode="numeric"
            autoComplete="postal-code"
          />
        )}
      </Field>
      <div className="hidden sm:block" />
      <Field label={t('listings.fields.pickupDate')} error={errors.pickupDate}>
        {(props) => (
          <input {...props} {...register('pickupDate')} type="date" min={today} className={inputClass} />
        )}
      </Field>
      <Field
        label={t('listings.fields.pickupTimeStart')}
        error={errors.pickupTimeStart}
        hint={t('listings.fields.pickupWindowHint')}
      >
        {(props) => <input {...props} {...register('pickupTimeStart')} type="time" className={inputClass} />}
      </Field>
      <Field label={t('listings.fields.expiryDate')} error={errors.expiryDate} required>
        {(props) => (
          <input {...props} {...register('expiryDate')} type="date" min={today} className={inputClass} />
        )}
      </Field>
      <Field label={t('listings.fields.expiryTime')} error={errors.expiryTime} required>
        {(props) => <input {...props} {...register('expiryTime')} type="time" className={inputClass} />}
      </Field>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" {...register('deliveryRequested')} className="size-4 accent-brand-700" />
        {t('listings.fields.deliveryRequested')}
      </label>
    </div>
  )
}
