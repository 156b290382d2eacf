import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'wouter'
import { displaySriLankanPhone } from '../../../shared/phone'
import { pickupWindow } from '../../../shared/pickup'
import type { Order } from '../../../shared/schemas/orders'
import { SRI_LANKA_TIME_ZONE, sriLankaInstant } from '../../../shared/sri-lanka-time'
import { MapsLink, WhatsAppLink } from '../../components/ui/ContactLinks'
import { telHref } from '../../components/ui/contact-links'
import { formatDate } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'

/** When to collect, in the reader's language: "24 Nov 2026, 17:00–18:00" or "24 Nov 2026 at 18:00". */
export function usePickupWhen(order: Pick<Order, 'listing' | 'pickupAt'>): string {
  const { t } = useTranslation()
  const window = pickupWindow(order.listing, order.pickupAt)
  const date = formatDate(sriLankaInstant(window.date, '12:00'), {
    dateStyle: 'medium',
    timeZone: SRI_LANKA_TIME_ZONE,
  })
  return window.end
    ? t('orders.pickup.window', { date, start: window.start, end: window.end })
    : t('orders.pickup.at', { date, time: window.start })
}

/**
 * What a requester needs to collect their food: the pickup address, when, and how to reach the
 * donor. The API gives the address and contact only once the donor approves (policy
 * 'listing.seeLocation'); before that the area and a note say they will come.
 */
export function PickupDetails({
  order,
  summaryLink = false,
  onOpenSummary,
}: {
  order: Order
  summaryLink?: boolean
  /** Called when the reader follows the link to the order summary (a dialog closes). */
  onOpenSummary?: () => void
}) {
  const { t } = useTranslation()
  const l = order.listing
  const when = usePickupWhen(order)
  const area = [l.pickupCity, districtName(t, l.pickupDistrict)].join(', ')
  return (
    <div className="space-y-1.5 text-sm text-gray-800" data-pickup-details={order.id}>
      <p className="flex items-start gap-1.5">
        <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          <span className="sr-only">{t('orders.pickup.address')}: </span>
          {l.pickupAddress ? (
            <>
              <span data-user-content data-pickup-address>
                {[l.pickupAddress, l.pickupCity, l.pickupPostalCode].filter(Boolean).join(', ')}
              </span>{' '}
              <MapsLink address={[l.pickupAddress, l.pickupCity, l.pickupDistrict].join(', ')} />
            </>
          ) : (
            <span data-user-content>{area}</span>
          )}
        </span>
      </p>
      <p className="flex items-start gap-1.5">
        <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          <span className="sr-only">{t('orders.pickup.when')}: </span>
          {when}
        </span>
      </p>
      {l.pickupAddress ? (
        <DonorContact order={order} />
      ) : (
        <p className="text-xs text-gray-600">{t('orders.pickup.afterApproval')}</p>
      )}
      {summaryLink && (
        <Link
          to={`/orders/${order.id}`}
          onClick={onOpenSummary}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
        >
          {t('orders.pickup.summary')}
        </Link>
      )}
    </div>
  )
}

/** How to reach the donor, as they chose when posting. */
export function DonorContact({ order }: { order: Order }) {
  const { t } = useTranslation()
  const l = order.listing
  if (!l.contactPhone && !l.contactEmail) {
    return <p className="text-xs text-gray-600">{t('orders.pickup.noContact')}</p>
  }
  return (
    <div className="space-y-1">
      <p className="text-xs text-gray-600">{t('orders.pickup.reachDonor')}</p>
      {l.contactPhone && (
        <p className="flex flex-wrap items-center gap-x-4">
          <a
            href={telHref(l.contactPhone)}
            className="flex items-center gap-1.5 break-all text-brand-700 underline"
          >
            <Phone className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">{t('orders.pickup.phone')}: </span>
            {displaySriLankanPhone(l.contactPhone)}
          </a>
          <WhatsAppLink phone={l.contactPhone} />
        </p>
      )}
      {l.contactEmail && (
        <a
          href={`mailto:${l.contactEmail}`}
          className="flex items-center gap-1.5 break-all text-brand-700 underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">{t('orders.pickup.email')}: </span>
          {l.contactEmail}
        </a>
      )}
    </div>
  )
}
