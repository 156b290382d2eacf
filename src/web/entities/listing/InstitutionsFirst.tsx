import { Clock } from 'lucide-react'
import { offeredToOrganisationsOnly } from '../../../shared/first-refusal'
import type { Listing } from '../../../shared/schemas/listings'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { useTranslation } from '../../lib/translation'

/**
 * "Offered to care homes first until 14:30": large free food waits for the district's verified
 * organisations a while (docs/decisions/0055-first-refusal.md). Nothing once the window is over.
 */
export function InstitutionsFirst({ listing, className = '' }: { listing: Listing; className?: string }) {
  const { t } = useTranslation()
  const until = listing.institutionsFirstUntil
  if (!until || !listing.available || !offeredToOrganisationsOnly(until, new Date())) return null
  return (
    <p className={`flex items-center gap-2 font-semibold text-brand-800 ${className}`}>
      <Clock className="size-4 shrink-0" aria-hidden />
      {t('listings.institutionsFirst', { time: sriLankaParts(until).time })}
    </p>
  )
}
