import type { UseFormRegister } from 'react-hook-form'
import { SAFETY_CHECKS } from '../../../shared/reference-data'
import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import { useTranslation } from '../../lib/translation'

/** The donor confirms each food-safety check: the donate wizard's third step and the regular offer's. */
export function SafetyChecks({
  register,
  incomplete,
}: {
  register: UseFormRegister<CreateListingInput>
  incomplete: boolean
}) {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="text-sm text-gray-700">{t('donate.safety.intro')}</legend>
      <div className="mt-3 space-y-3">
        {SAFETY_CHECKS.map((check) => (
          <label
            key={check}
            className="flex min-w-0 cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3"
          >
            <input
              type="checkbox"
              {...register(`safetyChecklist.${check}`)}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-medium">{t(`donate.safety.${check}.title`)}</span>
              <span className="block text-sm text-gray-600">{t(`donate.safety.${check}.detail`)}</span>
            </span>
          </label>
        ))}
      </div>
      {incomplete && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {t('donate.errors.safetyRequired')}
        </p>
      )}
    </fieldset>
  )
}
