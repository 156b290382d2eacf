import { useId } from 'react'
import { Controller, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form'
import { DIETARY_TAGS } from '../../../shared/dietary'
import { ALLERGENS, LISTING_TYPES } from '../../../shared/reference-data'
import type { UpdateListingInput } from '../../../shared/schemas/listing-input'
import type { Category } from '../../../shared/schemas/listings'
import { PlaceField } from '../../components/place'
import { placeFieldProps } from '../../components/place/form'
import { TimeField, UpcomingDateField } from '../../components/ui/DateFields'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import {
  choiceRow,
  FieldError,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/form'
import { categoryName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { CookedFoodFields } from './CookedFoodFields'
import { ImagePicker } from './ImagePicker'

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
        wide
      />
      <Choices
        legend={t('listings.fields.dietary')}
        type="checkbox"
        choices={DIETARY_TAGS.map((value) => ({ value, label: t(`listings.dietary.tags.${value}`) }))}
        registration={register('dietary')}
        layout="grid grid-cols-2 gap-2 sm:grid-cols-4"
        wide
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

/** Radio buttons or checkboxes under one name, in a fieldset. */
function Choices({
  legend,
  type,
  choices,
  registration,
  layout,
  wide = false,
  error,
}: {
  legend: string
  type: 'radio' | 'checkbox'
  choices: { value: string; label: string }[]
  registration: UseFormRegisterReturn
  /** The classes that lay the choices out. */
  layout: string
  /** Spans both columns of the form's grid. */
  wide?: boolean
  /** An i18n key: the choices contradict each other. */
  error?: string
}) {
  const errorId = useId()
  return (
    <fieldset className={wide ? 'sm:col-span-2' : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="block text-sm font-medium text-gray-800">{legend}</legend>
      <div className={`mt-2 ${layout}`}>
        {choices.map(({ value, label }) => (
          <label key={value} className={choiceRow}>
            <input type={type} value={value} {...registration} className="size-5 shrink-0 accent-brand-700" />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

/**
 * The listing's photos (the wizard requires one). The form keeps its Next or Save disabled while
 * `onUploadingChange` says photos are uploading (UploadsRunning shows why).
 */
export function ListingImagesField({
  form,
  required,
  onUploadingChange,
}: {
  form: ListingForm
  required?: boolean
  onUploadingChange: (uploading: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Controller
      control={form.control}
      name="imageUrls"
      render={({ field, fieldState }) => (
        <ImagePicker
          label={t('listings.fields.images')}
          value={field.value}
          onChange={field.onChange}
          onUploadingChange={onUploadingChange}
          error={fieldState.error?.message}
          required={required}
        />
      )}
    />
  )
}

/**
 * Why the form's Next or Save is disabled: a live message while photos upload, empty otherwise (it
 * stays in the page, empty, so that screen readers announce the message when it comes).
 */
export function UploadsRunning({ id, uploading }: { id: string; uploading: boolean }) {
  const { t } = useTranslation()
  return (
    <p id={id} role="status" className="text-sm font-medium text-gray-800 [&:not(:empty)]:mt-2">
      {uploading ? t('listings.images.stillUploading') : ''}
    </p>
  )
}

/**
 * Where the food is collected: its place (a town, the phone's location or the map), street, town and
 * district, in a two-column grid (a listing, a regular offer).
 */
export function PickupPlaceFields({
  form,
  pointClearsTo = null,
}: {
  form: ListingForm
  /** What a removed point is sent as: null for a listing (the API removes it); a regular offer leaves it out. */
  pointClearsTo?: null | undefined
}) {
  const { t } = useTranslation()
  const {
    register,
    formState: { errors },
  } = form
  return (
    <>
      <div className="sm:col-span-2">
        <PlaceField
          purpose="pickup"
          {...placeFieldProps(
            form,
            { point: 'pickupPoint', town: 'pickupCity', district: 'pickupDistrict' },
            pointClearsTo,
          )}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={t('listings.fields.pickupAddress')}
          error={errors.pickupAddress}
          required
          autoComplete="street-address"
          {...register('pickupAddress')}
        />
      </div>
      <TextField
        label={t('listings.fields.city')}
        error={errors.pickupCity}
        required
        autoComplete="address-level2"
        {...register('pickupCity')}
      />
      <SelectField
        label={t('listings.fields.district')}
        error={errors.pickupDistrict}
        required
        {...register('pickupDistrict')}
      >
        <DistrictOptions placeholder={t('listings.fields.chooseDistrict')} />
      </SelectField>
    </>
  )
}

export function PickupFields({ form }: { form: ListingForm }) {
  const { t } = useTranslation()
  const {
    register,
    formState: { errors },
  } = form
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PickupPlaceFields form={form} />
      <TextField
        label={t('listings.fields.postalCode')}
        error={errors.pickupPostalCode}
        inputMode="numeric"
        autoComplete="postal-code"
        {...register('pickupPostalCode')}
      />
      <div className="hidden sm:block" />
      <UpcomingDateField
        label={t('listings.fields.pickupDate')}
        error={errors.pickupDate}
        {...register('pickupDate')}
      />
      <TimeField
        label={t('listings.fields.pickupTimeStart')}
        error={errors.pickupTimeStart}
        hint={t('listings.fields.pickupWindowHint')}
        {...register('pickupTimeStart')}
      />
      <UpcomingDateField
        label={t('listings.fields.expiryDate')}
        error={errors.expiryDate}
        required
        {...register('expiryDate')}
      />
      <TimeField
        label={t('listings.fields.expiryTime')}
        error={errors.expiryTime}
        required
        {...register('expiryTime')}
      />
      <label className={`${choiceRow} sm:col-span-2`}>
        <input
          type="checkbox"
          {...register('deliveryRequested')}
          className="size-5 shrink-0 accent-brand-700"
        />
        {t('listings.fields.deliveryRequested')}
      </label>
    </div>
  )
}
