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
      className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
      data-attendance-confirmed
    >
      <CalendarCheck aria-hidden className="size-3.5 shrink-0" />
      {t('orders.attendanceConfirmed', { when: formatDateTime(order.attendanceConfirmedAt) })}
    </span>
  )
}
