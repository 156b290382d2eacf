import { Link } from 'wouter'
import type { Me } from '../../../shared/schemas/users'
import { useSignInHere } from '../../lib/return-path'
import { useTranslation } from '../../lib/translation'

const actionClass =
  'mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800'

/** What a signed-out visitor, an unfinished sign-up or another role does to donate. */
export function BecomeDonor({ me }: { me: Me | null }) {
  const { t } = useTranslation()
  const signIn = useSignInHere()
  return (
    <section className="rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 className="text-xl font-semibold text-gray-900">{t('donate.becomeDonor.title')}</h2>
      {me ? (
        <>
          <p className="mt-2 text-gray-800">
            {me.role
              ? t('donate.becomeDonor.otherRole', { role: t(`donate.roles.${me.role}`) })
              : t('donate.becomeDonor.noRole')}
          </p>
          <p className="mt-2 text-gray-800">{t('donate.becomeDonor.support')}</p>
          <Link to={me.role ? '/contact' : signIn} className={actionClass}>
            {me.role ? t('donate.becomeDonor.contact') : t('donate.becomeDonor.finishSignUp')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-gray-800">{t('donate.becomeDonor.signedOut')}</p>
          <Link to={signIn} className={actionClass}>
            {t('donate.becomeDonor.signIn')}
          </Link>
        </>
      )}
    </section>
  )
}
