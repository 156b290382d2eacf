import type { UseFormReturn } from 'react-hook-form'
import { DIETARY_TAGS } from '../../../shared/dietary'
import { ALLERGENS, LISTING_TYPES } from '../../../shared/reference-data'
import type { UpdateListingInput } from '../../../shared/schemas/listing-input'
import type { Category } from '../../../shared/schemas/listings'
import { Choices } from '../../components/ui/Choices'
import { NumberField, SelectField, TextAreaField, TextField } from '../../components/ui/form'
import { categoryName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { CookedFoodFields } from './CookedFoodFields'

/** The fields the donate wizard and the edit dialog share (the edit input is a subset of create's). */
export type ListingFormFields = UpdateListingInput
export type ListingForm = UseFormReturn<ListingFormFields>

/** Empty number inputs become undefined (the schema's 'required' message), never NaN. */
export const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value)

export function FoodDetailsFields({
  form,
  categories,
  regular = false,
}: {
  form: ListingForm
  categories: Category[]
  /** A regular offer's food: its quantity is the usual one and it is cooked afresh each day. */
  regular?: boolean
}) {
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
        <TextField
          label={t('listings.fields.title')}
          error={errors.title}
          required
          placeholder={t('listings.fields.titlePlaceholder')}
          {...register('title')}
        />
      </div>
      <SelectField
        label={t('listings.fields.category')}
        error={errors.categoryId}
        required
        {...register('categoryId')}
      >
        <option value="">{t('listings.fields.chooseCategory')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {categoryName(t, c)}
          </option>
        ))}
      </SelectField>
      <NumberField
        label={t(regular ? 'standing.form.quantity' : 'listings.fields.quantity')}
        error={errors.quantity}
        required
        min={0}
        {...register('quantity', { setValueAs: asNumber })}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('listings.fields.description')}
          error={errors.description}
          required
          rows={3}
          placeholder={t('listings.fields.descriptionPlaceholder')}
          {...register('description')}
        />
      </div>
      <Choices
        legend={t('listings.fields.type')}
        type="radio"
        choices={LISTING_TYPES.map((value) => ({ value, label: t(`listings.type.${value}`) }))}
        registration={register('type')}
        layout="flex gap-4"
      />
      {type === 'half-price' && (
        <NumberField
          label={t('listings.fields.price')}
          error={errors.price}
          required
          hint={t('listings.fields.priceHint')}
          min={1}
          {...register('price', { setValueAs: asNumber })}
        />
      )}
      <Choices
        legend={t('listings.fields.allergens')}
        type="checkbox"
        choices={ALLERGENS.map((value) => ({ value, label: t(`allergens.${value}`) }))}
        registration={register('allergens')}
        layout="grid grid-cols-2 gap-2 sm:grid-cols-4"
        className="sm:col-span-2"
      />
      <Choices
        legend={t('listings.fields.dietary')}
        type="checkbox"
        choices={DIETARY_TAGS.map((value) => ({ value, label: t(`listings.dietary.tags.${value}`) }))}
        registration={register('dietary')}
        layout="grid grid-cols-2 gap-2 sm:grid-cols-4"
        className="sm:col-span-2"
        error={errors.dietary?.message}
      />
      <CookedFoodFields form={form} categories={categories} withCookedTime={!regular} />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('listings.fields.preparationNotes')}
          error={errors.preparationNotes}
          rows={2}
          placeholder={t('listings.fields.preparationNotesPlaceholder')}
          {...register('preparationNotes')}
        />
      </div>
    </div>
  )
}
