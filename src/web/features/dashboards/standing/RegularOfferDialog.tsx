import { zodResolver } from '@hookform/resolvers/zod'
import { type UseFormRegister, useForm } from 'react-hook-form'
import { isDistrictName } from '../../../../shared/districts'
import type { CreateListingInput } from '../../../../shared/schemas/listing-input'
import {
  type CreateStandingOfferInput,
  createStandingOfferSchema,
} from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { WEEKDAYS } from '../../../../shared/standing'
import { Choices } from '../../../components/ui/Choices'
import { TimeField, UpcomingDateField } from '../../../components/ui/DateFields'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, SubmitButton } from '../../../components/ui/form'
import { useCategories } from '../../../entities/listing/api'
import { FoodDetailsFields, type ListingForm } from '../../../entities/listing/ListingFields'
import { PickupPlaceFields } from '../../../entities/listing/PickupFields'
import { SafetyChecks } from '../../../entities/listing/SafetyChecks'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../../lib/form-errors'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useFixClearsError } from '../../../lib/use-fix-clears-error'
import { dayName } from '../../../lib/weekday'
import { useCreateStandingOffer } from '../api'

/** An empty date field is no date (the schema's dates are optional), never an empty text. */
const dateOrNothing = (value: unknown) => (value ? String(value) : undefined)

const emptyOffer = (me: Me): CreateStandingOfferInput =>
  ({
    title: '',
    categoryId: '',
    description: '',
    type: 'free',
    dietary: [],
    allergens: [],
    storage: '',
    days: [],
    windowStart: '',
    windowEnd: '',
    pickupAddress: '',
    pickupCity: '',
    pickupDistrict: me.district && isDistrictName(me.district) ? me.district : '',
    safetyChecklist: {
      freshness: false,
      hygieneStandards: false,
      labelingComplete: false,
      properStorage: false,
    },
  }) as unknown as CreateStandingOfferInput

/**
 * The donor's regular offer: the donate wizard's food fields, then the days, the pickup window, the
 * place, the dates and the safety checks (docs/decisions/0068-standing-arrangements.md).
 */
export function RegularOfferDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const categories = useCategories()
  const form = useForm<CreateStandingOfferInput>({
    resolver: zodResolver(createStandingOfferSchema),
    defaultValues: emptyOffer(me),
  })
  useFixClearsError(form)
  const create = useCreateStandingOffer()
  const { register } = form
  const errors = form.formState.errors

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: onClose,
      // The server repeats every check: its field messages go beside their fields.
      onError: (error) => hasServerFieldErrors(error) && applyServerFieldErrors(error, form.setError),
    }),
  )

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('standing.form.title')} size="lg">
      <form noValidate onSubmit={(event) => void submit(event)} className="min-w-0 space-y-6">
        <p className="text-sm text-gray-700">{t('standing.form.intro')}</p>
        <FoodDetailsFields form={form as unknown as ListingForm} categories={categories.data ?? []} regular />
        <Choices
          legend={t('standing.form.days')}
          type="checkbox"
          choices={WEEKDAYS.map((day) => ({ value: day, label: dayName(day) }))}
          registration={register('days')}
          layout="grid grid-cols-3 gap-2 sm:grid-cols-7"
          error={errors.days?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TimeField
            label={t('standing.form.windowStart')}
            error={errors.windowStart}
            required
            {...register('windowStart')}
          />
          <TimeField
            label={t('standing.form.windowEnd')}
            error={errors.windowEnd}
            required
            {...register('windowEnd')}
          />
          <PickupPlaceFields form={form as unknown as ListingForm} pointClearsTo={undefined} />
          <UpcomingDateField
            label={t('standing.form.startsOn')}
            error={errors.startsOn}
            optional
            hint={t('standing.form.startsOnHint')}
            {...register('startsOn', { setValueAs: dateOrNothing })}
          />
          <UpcomingDateField
            label={t('standing.form.endsOn')}
            error={errors.endsOn}
            optional
            hint={t('standing.form.endsOnHint')}
            {...register('endsOn', { setValueAs: dateOrNothing })}
          />
        </div>
        <SafetyChecks
          register={register as unknown as UseFormRegister<CreateListingInput>}
          incomplete={Boolean(errors.safetyChecklist)}
        />
        {create.isError && !hasServerFieldErrors(create.error) && (
          <Alert tone="error">{errorText(create.error)}</Alert>
        )}
        <SubmitButton busy={create.isPending} busyLabel={t('standing.form.saving')}>
          {t('standing.form.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  )
}
