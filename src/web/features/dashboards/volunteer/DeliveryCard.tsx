import { CalendarDays, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Delivery } from '../../../../shared/schemas/orders'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import { formatDateTime, formatLkr } from '../../../lib/format'
import { districtName } from '../../../lib/labels'

/**
 * A delivery's card: fee, where, when, and once the volunteer has it, the exact addresses, phone and
 * special instructions (the server leaves them out before that).
 */
export function DeliveryCard({ delivery: d, children }: { delivery: Delivery; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 p-4" data-delivery={d.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-gray-900" data-user-content>
          {d.listing.title}
        </h3>
        <span className="text-lg font-bold text-brand-800">{formatLkr(d.fee)}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge kind="delivery" status={d.status} />
        {d.urgent && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
            {t('dashboards.volunteer.urgent')}
          </span>
        )}
      </div>
      <p className="flex items-start gap-1.5 text-sm text-gray-700">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">
          <span data-user-content>{[d.address, d.city].filter(Boolean).join(', ')}</span>,{' '}
          {districtName(t, d.district)}
          {d.postalCode ? ` ${d.postalCode}` : ''}
        </span>
      </p>
      {d.listing.pickupAddress && (
        <p className="text-sm text-gray-700">
          <span className="font-medium">{t('dashboards.volunteer.pickupFrom')}</span>{' '}
          <span data-user-content>
            {d.listing.pickupAddress}, {d.listing.pickupCity} ({d.listing.donorName})
          </span>
        </p>
      )}
      <p className="flex items-center gap-1.5 text-sm text-gray-700">
        <CalendarDays className="size-4 shrink-0" aria-hidden />
        {formatDateTime(d.deliveryAt)}
      </p>
      {d.phone && (
        <p className="flex items-center gap-1.5 text-sm text-gray-700">
          <Phone className="size-4 shrink-0" aria-hidden />
          {d.phone}
        </p>
      )}
      {!d.address && <p className="text-xs text-gray-600">{t('dashboards.volunteer.detailsAfterAccept')}</p>}
      {d.specialInstructions && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <span className="font-medium">{t('dashboards.volunteer.instructions')}</span>{' '}
          {d.specialInstructions}
        </p>
      )}
      <div className="mt-auto pt-2">{children}</div>
    </li>
  )
}
