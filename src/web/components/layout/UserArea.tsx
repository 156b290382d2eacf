import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { loadPageNamespaces } from '../../lib/i18n'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'

// The bell's words come with the bell: a visitor's first page does not download them (catalog-groups.ts).
const SignedInArea = lazy(() =>
  Promise.all([import('./SignedInArea'), loadPageNamespaces('notifications')]).then(([m]) => ({
    default: m.SignedInArea,
  })),
)

/** Sign In for visitors; name, avatar and the user menu when signed in. */
export function UserArea() {
  const { t } = useTranslation()
  const me = useMe()

  if (!me.data) {
    return (
      <Link
        to="/auth"
        className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-2 py-2 text-sm sm:px-3 font-semibold whitespace-nowrap text-white hover:bg-brand-800"
      >
        {t('common.nav.signIn')}
      </Link>
    )
  }

  return (
    // The avatar's place is kept while the menu's code arrives.
    <Suspense fallback={<div className="size-11" />}>
      <SignedInArea user={me.data} />
    </Suspense>
  )
}
