import { BadgeCheck } from 'lucide-react'
import { useTranslation } from '../../lib/translation'

/** "Verified number": the phone beside it was proved by an SMS code (docs/decisions/0051-sms-over-smpp.md). */
export function VerifiedNumber() {
  const { t } = useTranslation()
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
      <BadgeCheck aria-hidden className="size-3.5 shrink-0" />
      {t('common.verifiedNumber')}
    </span>
  )
}
