import { useEffect, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { COOKED_CATEGORIES, FOOD_STORAGE } from '../../../shared/food-safety'
import { preparedText } from '../../../shared/schemas/listing-clock'
import type { UpdateListingInput } from '../../../shared/schemas/listing-input'
import type { Category } from '../../../shared/schemas/listings'
import { Choices } from '../../components/ui/Choices'
import { DateTimeField } from '../../components/ui/DateFields'
import { choiceRow } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { ClockEatBy } from './ClockEatBy'

/**
 * The cooked-food clock's two questions, "When was it cooked?" and "How is it kept?", with the
 * Safety page's reason in one line. A prepared meal always asks them; other food when the donor
 * says it is cooked (docs/decisions/0049-cooked-food-clock.md).
 */
export function CookedFoodFields({
  form,
  categories,
  withCookedTime = true,
}: {
  form: UseFormReturn<UpdateListingInput>
  categories: Category[]
  /** false for a regular offer: it is cooked afresh each day, so only how it is kept is asked. */
  withCookedTime?: boolean
}) {
  const { t } = useTranslation()
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form
  const slug = categories.find((c) => c.id === watch('categoryId'))?.slug
  const always = (COOKED_CATEGORIES as readonly (string | undefined)[]).includes(slug)
  const [ticked, setTicked] = useState(() => Boolean(form.getValues('preparedAt')))
  const cooked = always || ticked
  useEffect(() => {
    // Food that is not cooked carries no clock: its answers go with the tick.
    if (!cooked) {
      setValue('preparedAt', '')
      setValue('storage', '')
    }
  }, [cooked, setValue])
  // Checked as the donor answers, not after the last step: out too long is refused beside the
  // fields (docs/decisions/0049-cooked-food-clock.md).
  const preparedAt = watch('preparedAt')
  const storage = watch('storage')
  useEffect(() => {
    if (preparedAt && storage) void form.trigger('preparedAt')
  }, [preparedAt, storage, form])
  return (
    <div className="space-y-3 sm:col-span-2">
      <label className={choiceRow}>
        <input
          type="checkbox"
          checked={cooked}
          disabled={always}
          onChange={(event) => setTicked(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        {t('listings.clock.cooked')}
      </label>
      {cooked && (
        <>
          <p className="text-sm text-gray-700">{t('listings.clock.why')}</p>
          {withCookedTime && (
            <DateTimeField
              label={t('listings.clock.preparedAt')}
              error={errors.preparedAt}
              required
              max={preparedText(new Date())}
              {...register('preparedAt')}
            />
          )}
          <Choices
            legend={t('listings.clock.storage')}
            type="radio"
            choices={FOOD_STORAGE.map((value) => ({
              value,
              label: t(`listings.clock.storageOptions.${value}`),
            }))}
            registration={register('storage')}
            layout="flex flex-wrap gap-x-4"
            error={errors.storage?.message}
          />
          {withCookedTime && !errors.preparedAt && <ClockEatBy preparedAt={preparedAt} storage={storage} />}
        </>
      )}
    </div>
  )
}
