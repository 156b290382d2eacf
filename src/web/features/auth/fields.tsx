import { type ComponentProps, forwardRef, type ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Link } from 'wouter'
import { DONOR_TYPES, MIN_PASSWORD_LENGTH } from '../../../shared/reference-data'
import { PasswordField, SelectField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/** A link between the sign-in, sign-up and reset pages. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
      {children}
    </Link>
  )
}

type FieldErrorLike = { message?: string } | undefined

/** A new password and its confirmation, as sign-up and the reset page ask them. */
/** A new password and its confirmation, with the one length rule (reference-data's MIN_PASSWORD_LENGTH) and its hint. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  errors,
}: {
  label: string
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  errors: { password?: FieldErrorLike; confirmPassword?: FieldErrorLike }
}) {
  const { t } = useTranslation()
  const fields = [
    { label, hint: t('auth.passwordHint'), registration: password, error: errors.password?.message },
    {
      label: t('auth.fields.confirmPassword'),
      registration: confirm,
      error: errors.confirmPassword?.message,
    },
  ]
  return fields.map((field) => (
    <PasswordField
      key={field.registration.name}
      label={field.label}
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      hint={field.hint}
      error={field.error}
      {...field.registration}
    />
  ))
}

type DonorTypeFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>

/** What kind of donor (home, restaurant, ...), optional: asked of donors only. */
export const DonorTypeField = forwardRef<HTMLSelectElement, DonorTypeFieldProps>(
  function DonorTypeField(props, ref) {
    const { t } = useTranslation()
    return (
      <SelectField ref={ref} label={t('auth.fields.donorType')} optional {...props}>
        <option value="">{t('auth.chooseDonorType')}</option>
        {DONOR_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`auth.donorTypes.${type}`)}
          </option>
        ))}
      </SelectField>
    )
  },
)
