import { BadgeCheck, Clock, ShieldAlert } from 'lucide-react'
import { ORGANISATION_KIND_KEYS, ORGANISATION_MAX_OPEN_ORDERS } from '../../../../shared/organisations'
import type { OwnOrganisation } from '../../../../shared/schemas/organisations'
import { withUserContent } from '../../../components/ui/UserContent'
import { formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'

const TONES = {
  verified: 'border-brand-200 bg-brand-50 text-brand-950',
  pending: 'border-amber-300 bg-amber-50 text-amber-950',
  refused: 'border-red-300 bg-red-50 text-red-950',
} as const

/**
 * The organisation a recipient signed up for: verified (its limits follow its capacity and large food
 * is offered to it first), waiting for a moderator, or refused with the reason
 * (docs/decisions/0054-organisations-and-their-limits.md).
 */
export function OrganisationNotice({ organisation }: { organisation: OwnOrganisation }) {
  const { t } = useTranslation()
  const { state } = organisation
  const Icon = state === 'verified' ? BadgeCheck : state === 'refused' ? ShieldAlert : Clock
  return (
    <section data-organisation-state={state} className={`mb-6 rounded-lg border p-4 sm:p-5 ${TONES[state]}`}>
      <h2 className="flex items-start gap-2 text-lg font-semibold">
        <Icon className="mt-1 size-5 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">
          <span data-user-content>{organisation.name}</span> · {t(ORGANISATION_KIND_KEYS[organisation.kind])}
        </span>
      </h2>
      <p className="mt-2">
        {state === 'verified'
          ? t('dashboards.organisation.verified', {
              capacity: formatNumber(organisation.capacity),
              orders: formatNumber(ORGANISATION_MAX_OPEN_ORDERS),
            })
          : state === 'pending'
            ? t('dashboards.organisation.pending')
            : withUserContent((v) => t('dashboards.organisation.refused', { reason: v.reason }), {
                reason: organisation.refusal ?? '',
              })}
      </p>
    </section>
  )
}
