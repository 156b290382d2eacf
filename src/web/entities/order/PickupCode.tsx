import { encode } from 'uqr'
import { groupedPickupCode } from '../../../shared/pickup-code'
import type { Order } from '../../../shared/schemas/orders'
import { useTranslation } from '../../lib/translation'

/** The code's QR, drawn as squares of an SVG (no image to fetch, so it shows offline and in print). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('')
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="size-56 max-w-full shrink-0 bg-white"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}

/**
 * The recipient's pickup code in large digits with its QR, to show at the door: the donor types or
 * scans it to confirm the handover (docs/decisions/0047-pickup-codes.md). Only the requester's answers
 * carry the code, and only while the order waits to be collected is it worth showing.
 */
export function PickupCode({ order, className = '' }: { order: Order; className?: string }) {
  const { t } = useTranslation()
  if (!order.pickupCode || order.status !== 'confirmed') return null
  const grouped = groupedPickupCode(order.pickupCode)
  return (
    <section
      className={`flex flex-wrap items-center gap-4 rounded-lg border-2 border-brand-700 bg-brand-50 p-4 ${className}`}
      aria-labelledby="pickup-code-heading"
    >
      {/* Wide enough for the six digits on one line; on a phone the QR goes below. */}
      <div className="min-w-56 flex-1">
        <h2 id="pickup-code-heading" className="text-base font-semibold text-gray-800">
          {t('handover.yourCode')}
        </h2>
        <p
          className="font-mono text-6xl font-bold tracking-wider whitespace-nowrap text-gray-900"
          data-pickup-code
        >
          {grouped}
        </p>
        <p className="mt-2 text-sm text-gray-700">{t('handover.showCode')}</p>
      </div>
      <QrCode text={order.pickupCode} label={t('handover.qrLabel', { code: grouped })} />
    </section>
  )
}
