import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { type SignUpInput, signUpSchema } from '../../../shared/schemas/users'
import { DistrictField } from '../../components/ui/DistrictOptions'
import { Alert, choiceRow, EmailField, PhoneField, SubmitButton, TextField } from '../../components/ui/form'
import { TextWithLinks } from '../../components/ui/TextWithLinks'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { currentLanguage } from '../../lib/i18n'
import { usePhoneParser } from '../../lib/phone-parser'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { authApi } from './api'
import { DonorTypeField, NewPasswordFields } from './fields'
import { OrganisationFields } from './OrganisationFields'
import { RolePicker } from './RolePicker'

const EMPTY: Partial<SignUpInput> = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  location: '',
  district: undefined,
  phone: '',
  role: undefined,
  donorType: undefined,
}

/** A link inside the terms sentence: padded to a finger's size (44 px) without moving the text around it. */
const termsLink = 'font-medium text-brand-700 underline inline-block py-3 -my-3'

export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  usePhoneParser()
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [failure, setFailure] = useState<string | null>(null)
  const [forOrganisation, setForOrganisation] = useState(false)
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY as SignUpInput,
  })
  const { errors, isSubmitting } = form.formState
  const role = form.watch('role')

  async function onSubmit(values: SignUpInput) {
    setFailure(null)
    try {
      await authApi.signUp({ ...values, language: currentLanguage() })
      form.reset(EMPTY as SignUpInput)
      setForOrganisation(false)
      onRegistered(values.email)
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) setFailure(errorText(error))
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={t('auth.fields.name')}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields
          label={t('auth.fields.password')}
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={errors}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('auth.fields.location')}
          autoComplete="address-level2"
          required
          hint={t('auth.locationHint')}
          error={errors.location?.message}
          {...form.register('location')}
        />
        <DistrictField error={errors.district?.message} {...form.register('district')} />
      </div>
      <PhoneField optional error={errors.phone?.message} {...form.register('phone')} />
      <Controller
        control={form.control}
        name="role"
        render={({ field, fieldState }) => (
          <RolePicker
            name="role"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      {role === 'donor' && (
        <DonorTypeField
          error={errors.donorType?.message}
          {...form.register('donorType', { setValueAs: (v) => v || undefined })}
        />
      )}
      {role === 'recipient' && (
        <label className={`${choiceRow} text-gray-700`}>
          <input
            type="checkbox"
            className="size-5 shrink-0"
            checked={forOrganisation}
            onChange={(event) => setForOrganisation(event.target.checked)}
          />
          <span>{t('organisations.signUp.toggle')}</span>
        </label>
      )}
      {role === 'recipient' && forOrganisation && (
        <OrganisationFields register={form.register} errors={errors} />
      )}
      <div>
        <label className={`${choiceRow} text-gray-700`}>
          <input type="checkbox" className="size-5 shrink-0" {...form.register('agreeToTerms')} />
          <span>
            <TextWithLinks
              text={t('auth.agreeToTerms')}
              parts={{
                terms: (text) => (
                  <Link to="/terms" className={termsLink}>
                    {text}
                  </Link>
                ),
                privacy: (text) => (
                  <Link to="/privacy" className={termsLink}>
                    {text}
                  </Link>
                ),
              }}
            />
          </span>
        </label>
        {errors.agreeToTerms?.message && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t(errors.agreeToTerms.message)}
          </p>
        )}
      </div>
      <SubmitButton className="w-full" busy={isSubmitting} busyLabel={t('auth.creatingAccount')}>
        {t('auth.createAccount')}
      </SubmitButton>
    </form>
  )
}
