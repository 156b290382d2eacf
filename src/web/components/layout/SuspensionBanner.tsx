import { Link } from 'wouter'
import { formatDateTime } from '../../lib/format'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'

/**
 * On every page while the signed-in user's suspension holds: why, and until when. They can still
 * sign in and read; the server refuses their writes (docs/decisions/0037-moderation.md).
 */
export function SuspensionBanner() {
  const { t } = useTranslation()
  const suspension = useMe().data?.suspension
  if (!suspension) return null
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <div className="mx-auto max-w-7xl space-y-1">
        <p className="font-semibold">
          {suspension.until
            ? t('moderation.suspension.until', { until: formatDateTime(suspension.until) })
            : t('moderation.suspension.permanent')}
        </p>
        {suspension.reason && <p>{t('moderation.suspension.reason', { reason: suspension.reason })}</p>}
        <p>
          <Link to="/contact" className="font-medium underline">
            {t('moderation.suspension.contact')}
          </Link>
        </p>
      </div>
    </div>
  )
}
