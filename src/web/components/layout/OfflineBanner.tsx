import { WifiOff } from 'lucide-react'
import { formatDate, formatDateTime } from '../../lib/format'
import { useOfflineState } from '../../lib/offline'
import { useTranslation } from '../../lib/translation'

/** 14:05 today, or with its day when the stored data is older than today (Sri Lankan time). */
function fetchedAtText(fetchedAt: Date): string {
  const day = (value: Date) => formatDate(value, { dateStyle: 'short' })
  return day(fetchedAt) === day(new Date())
    ? formatDate(fetchedAt, { timeStyle: 'short' })
    : formatDateTime(fetchedAt)
}

/**
 * Shown while the phone is offline or the page shows stored answers because the network failed
 * (docs/decisions/0033-offline-pwa.md).
 */
export function OfflineBanner() {
  const { t } = useTranslation()
  const { online, showingDataOf } = useOfflineState()
  if (online && !showingDataOf) return null
  const text = showingDataOf
    ? t(online ? 'common.offline.noConnection' : 'common.offline.since', {
        time: fetchedAtText(showingDataOf),
      })
    : t('common.offline.plain')
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
      data-testid="offline-banner"
    >
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm">
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{text}</span>
      </p>
    </div>
  )
}
