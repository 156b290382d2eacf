import type { Order } from '../../../shared/schemas/orders'
import { formatLkr, formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/** What a completed order says of its handover: verified or not (and why), the cash paid and the weight. */
export function HandoverRecord({ order }: { order: Order }) {
  const { t } = useTranslation()
  if (order.status !== 'completed' || order.handoverVerified === null) return null
  return (
    <div className="text-sm text-gray-800" data-handover={order.handoverVerified ? 'verified' : 'unverified'}>
      <p className={`font-semibold ${order.handoverVerified ? 'text-green-800' : 'text-amber-800'}`}>
        {t(order.handoverVerified ? 'handover.verified' : 'handover.unverified')}
      </p>
      {order.unverifiedReason && (
        <p data-user-content>{t('handover.unverifiedReason', { reason: order.unverifiedReason })}</p>
      )}
      {order.cashPaid !== null && (
        <p data-cash-paid>{t('handover.cashPaid', { amount: formatLkr(order.cashPaid) })}</p>
      )}
      {order.weightKg !== null && (
        <p data-weight>{t('handover.weightKg', { kg: formatNumber(order.weightKg) })}</p>
      )}
    </div>
  )
}
