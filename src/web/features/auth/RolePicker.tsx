import { HandHeart, HeartHandshake, Truck } from 'lucide-react'
import { SIGN_UP_ROLES, type SignUpRole } from '../../../shared/reference-data'
import { RequiredMark } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

const ICONS = { donor: HandHeart, recipient: HeartHandshake, volunteer: Truck } as const

/** Food Donor / Food Recipient / Volunteer as a radio group of cards. */
export function RolePicker({
  value,
  onChange,
  error,
  name,
}: {
  value: SignUpRole | undefined
  onChange: (role: SignUpRole) => void
  error?: string
  name: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-gray-800">
        {t('auth.fields.role')}
        <RequiredMark />
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {SIGN_UP_ROLES.map((role) => {
          const Icon = ICONS[role]
          const checked = value === role
          return (
            <label
              key={role}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-500 ${
                checked ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-gray-300 hover:bg-gray-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={role}
                checked={checked}
                onChange={() => onChange(role)}
                className="sr-only"
              />
              <Icon className="size-5 shrink-0" aria-hidden />
              <span className="font-medium">{t(`auth.roles.${role}`)}</span>
            </label>
          )
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  )
}
