import { CalendarCheck } from 'lucide-react'
import type { Order } from '../../../shared/schemas/orders'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/**
 * "Coming": the recipient replied 1 to the approval SMS (docs/decisions/0061-sms-in-time.md), shown
 * to the donor while the pickup is ahead.
 */
export function AttendanceConfirmed({ order }: { order: Order }) {
  const { t } = useTranslation()
  if (!order.attendanceConfirmedAt || order.status !== 'confirmed') return null
  return (
    <span
      className="inline-flex max-w-full items-start gap-1 rounded-2xl bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
      data-attendance-confirmed
    >
      <CalendarCheck aria-hidden className="mt-px size-3.5 shrink-0" />
      {/* Sinhala and Tamil run long at 360 px: the words wrap inside the badge. */}
      <span className="min-w-0 break-words">
        {t('orders.attendanceConfirmed', { when: formatDateTime(order.attendanceConfirmedAt) })}
      </span>
    </span>
  )
}
