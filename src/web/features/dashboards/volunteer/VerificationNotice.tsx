import { Clock, ShieldAlert } from 'lucide-react'
import type { Me } from '../../../../shared/schemas/users'
import { withUserContent } from '../../../components/ui/UserContent'
import { useTranslation } from '../../../lib/translation'

/**
 * A volunteer who is not verified yet: why they cannot accept deliveries, what they can see, and
 * what happens next; or why a moderator refused them (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function VerificationNotice({ me }: { me: Me }) {
  const { t } = useTranslation()
  if (me.verification === 'verified') return null
  const refused = me.verification === 'refused'
  const Icon = refused ? ShieldAlert : Clock
  return (
    <section
      data-verification={me.verification}
      className={`mb-6 rounded-lg border p-4 sm:p-5 ${refused ? 'border-red-300 bg-red-50 text-red-950' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
    >
      <h2 className="flex items-start gap-2 text-lg font-semibold">
        <Icon className="mt-1 size-5 shrink-0" aria-hidden />
        {refused
          ? t('dashboards.volunteer.verification.refusedTitle')
          : t('dashboards.volunteer.verification.pendingTitle')}
      </h2>
      {refused ? (
        <>
          <p className="mt-2 break-words">
            {withUserContent(
              (v) => t('dashboards.volunteer.verification.refusedReason', { reason: v.reason }),
              {
                reason: me.vettingRefusal ?? '',
              },
            )}
          </p>
          <p className="mt-2">{t('dashboards.volunteer.verification.refusedNext')}</p>
        </>
      ) : (
        <>
          <p className="mt-2">{t('dashboards.volunteer.verification.pendingWhy')}</p>
          <p className="mt-2">{t('dashboards.volunteer.verification.pendingMeanwhile')}</p>
          <p className="mt-2 font-medium">{t('dashboards.volunteer.verification.pendingNext')}</p>
        </>
      )}
    </section>
  )
}
