import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Sign In for visitors; the signed-in menu and bell come with accounts and notifications. */
export function UserArea() {
  const { t } = useTranslation()
  return (
    <Link
      to="/auth"
      className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
    >
      {t('common.nav.signIn')}
    </Link>
  )
}
