import { Mail, Phone, Truck } from 'lucide-react'
import { displaySriLankanPhone } from '../../../../shared/phone'
import type { Order } from '../../../../shared/schemas/orders'
import { WhatsAppLink } from '../../../components/ui/ContactLinks'
import { telHref } from '../../../components/ui/contact-links'
import { useTranslation } from '../../../lib/translation'

/** An order asked with Request Delivery: approving it offers the delivery to volunteers. */
export function WithDelivery({ delivery }: { delivery: NonNullable<Order['delivery']> }) {
  const { t } = useTranslation()
  return (
    <p
      className="mt-1 inline-flex flex-wrap items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900"
      data-with-delivery={delivery.status}
    >
      <Truck className="size-3.5 shrink-0" aria-hidden />
      {t('dashboards.claims.withDelivery')}
      <span className="font-normal">
        ({t('dashboards.claims.deliveryStatus', { status: t(`statuses.delivery.${delivery.status}`) })})
      </span>
    </p>
  )
}

/** Phone or e-mail according to the chosen method (a request always gives a phone). */
export function ContactCell({ order }: { order: Order }) {
  const { t } = useTranslation()
  const byPhone = order.kind === 'request' || order.contactMethod === 'phone'
  const value = byPhone ? order.phone : (order.email ?? order.requester.email)
  if (!value) return <span className="text-gray-500">—</span>
  const Icon = byPhone ? Phone : Mail
  return (
    <div>
      <p className="text-xs text-gray-600">{t(`dashboards.contact.${byPhone ? 'phone' : 'email'}`)}</p>
      {/* The number and WhatsApp side by side with a gap, never run together ("0771234506WhatsApp"). */}
      <div className="flex flex-wrap items-center gap-x-4">
        <a
          href={byPhone ? telHref(value) : `mailto:${value}`}
          className="inline-flex min-h-11 items-center gap-1 break-all text-brand-700 underline"
        >
          <Icon className="size-3.5 shrink-0" aria-hidden />
          {byPhone ? displaySriLankanPhone(value) : value}
        </a>{' '}
        {byPhone && order.status === 'confirmed' && <WhatsAppLink phone={value} />}
      </div>
    </div>
  )
}
