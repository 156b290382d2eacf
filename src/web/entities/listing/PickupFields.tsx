import { Fragment } from 'react'
import { PlaceField } from '../../components/place'
import { placeFieldProps } from '../../components/place/form'
import { TimeField, UpcomingDateField } from '../../components/ui/DateFields'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { choiceRow, SelectField, TextField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import type { ListingForm } from './ListingFields'

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

/**
 * The listing's two moments, each a date from today on beside a time of day. The labels' keys are
 * written out: the catalogs test finds every key the code uses by its literal.
 */
const MOMENTS = [
  {
    day: 'pickupDate',
    dayLabel: 'listings.fields.pickupDate',
    time: 'pickupTimeStart',
    timeLabel: 'listings.fields.pickupTimeStart',
    timeHint: 'listings.fields.pickupWindowHint',
    required: false,
  },
  {
    day: 'expiryDate',
    dayLabel: 'listings.fields.expiryDate',
    time: 'expiryTime',
    timeLabel: 'listings.fields.expiryTime',
    timeHint: undefined,
    required: true,
  },
] as const

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
      {MOMENTS.map(({ day, dayLabel, time, timeLabel, timeHint, required }) => (
        <Fragment key={day}>
          <UpcomingDateField label={t(dayLabel)} error={errors[day]} required={required} {...register(day)} />
          <TimeField
            label={t(timeLabel)}
            error={errors[time]}
            hint={timeHint && t(timeHint)}
            required={required}
            {...register(time)}
          />
        </Fragment>
      ))}
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
