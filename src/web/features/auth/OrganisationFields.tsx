import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { ORGANISATION_KIND_KEYS, ORGANISATION_KINDS } from '../../../shared/organisations'
import type { SignUpInput } from '../../../shared/schemas/users'
import { NumberField, SelectField, TextField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/**
 * What a recipient signing up for a children's or elders' home, kitchen, temple or charity adds: a
 * moderator checks it before its limits follow the people it feeds
 * (docs/decisions/0054-organisations-and-their-limits.md). Unmounted, its fields leave the form.
 */
export function OrganisationFields({
  register,
  errors,
}: {
  register: UseFormRegister<SignUpInput>
  errors: FieldErrors<SignUpInput>
}) {
  const { t } = useTranslation()
  const own = { shouldUnregister: true }
  const problems = errors.organisation
  return (
    <fieldset className="space-y-4 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">{t('organisations.signUp.legend')}</legend>
      <p className="text-sm text-gray-700">{t('organisations.signUp.intro')}</p>
      <SelectField
        label={t('organisations.signUp.kind')}
        required
        error={problems?.kind?.message}
        {...register('organisation.kind', { ...own, setValueAs: (v) => v || undefined })}
      >
        <option value="">{t('organisations.signUp.chooseKind')}</option>
        {ORGANISATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(ORGANISATION_KIND_KEYS[kind])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('organisations.signUp.name')}
        autoComplete="organization"
        required
        error={problems?.name?.message}
        {...register('organisation.name', own)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('organisations.signUp.registrationNumber')}
          required
          hint={t('organisations.signUp.registrationHint')}
          error={problems?.registrationNumber?.message}
          {...register('organisation.registrationNumber', own)}
        />
        <NumberField
          label={t('organisations.signUp.capacity')}
          required
          min={1}
          inputMode="numeric"
          hint={t('organisations.signUp.capacityHint')}
          error={problems?.capacity?.message}
          {...register('organisation.capacity', own)}
        />
      </div>
      <TextField
        label={t('organisations.signUp.contactPerson')}
        required
        error={problems?.contactPerson?.message}
        {...register('organisation.contactPerson', own)}
      />
    </fieldset>
  )
}
