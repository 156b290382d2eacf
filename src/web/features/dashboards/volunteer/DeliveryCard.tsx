import { ArrowRight, CalendarDays, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { districtDistanceKm } from '../../../../shared/delivery'
import { displaySriLankanPhone } from '../../../../shared/phone'
import type { Delivery } from '../../../../shared/schemas/orders'
import { MapsLink, WhatsAppLink } from '../../../components/ui/ContactLinks'
import { telHref } from '../../../components/ui/contact-links'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import { VerifiedNumber } from '../../../components/ui/VerifiedNumber'
import { formatDateTime, formatLkr, formatNumber } from '../../../lib/format'
import { districtName } from '../../../lib/labels'
import { useTranslation } from '../../../lib/translation'

/**
 * A delivery's card: fee, size, from which area to which (and how far between the districts'
 * centres), when; once the volunteer has it, both exact addresses and both contacts, donor's and
 * requester's (the server leaves them out before that).
 */
export function DeliveryCard({ delivery: d, children }: { delivery: Delivery; children: ReactNode }) {
  const { t } = useTranslation()
  const km = districtDistanceKm(d.listing.pickupDistrict, d.district)
  const area = (city: string, district: string) =>
    city === district ? districtName(t, district) : `${city}, ${districtName(t, district)}`
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
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-800">
          {t('dashboards.servings', { count: d.quantity, n: formatNumber(d.quantity) })}
        </span>
        {d.urgent && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
            {t('dashboards.volunteer.urgent')}
          </span>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-gray-800" data-route>
        <MapPin className="size-4 shrink-0" aria-hidden />
        <span className="break-words" data-user-content>
          {area(d.listing.pickupCity, d.listing.pickupDistrict)}
        </span>
        <ArrowRight className="size-4 shrink-0" aria-label={t('dashboards.volunteer.to')} />
        <span className="break-words" data-user-content>
          {area(d.city, d.district)}
        </span>
        {/* Within one district the centres say nothing: no "about 0 km". */}
        {km !== null && km > 0 && (
          <span className="whitespace-nowrap text-gray-600">
            ({t('dashboards.volunteer.distance', { km: formatNumber(km) })})
          </span>
        )}
      </p>
      <p className="flex items-center gap-1.5 text-sm text-gray-700">
        <CalendarDays className="size-4 shrink-0" aria-hidden />
        {formatDateTime(d.deliveryAt)}
      </p>
      {d.listing.pickupAddress && (
        <Stop
          label={t('dashboards.volunteer.pickupFrom')}
          address={`${d.listing.pickupAddress}, ${d.listing.pickupCity}`}
          name={d.listing.donorName}
          phone={d.donorContact?.phone ?? null}
          email={d.donorContact?.email ?? null}
        />
      )}
      {d.address && (
        <Stop
          label={t('dashboards.volunteer.deliverTo')}
          address={[d.address, d.city, d.postalCode].filter(Boolean).join(', ')}
          name={d.requester?.name ?? ''}
          phone={d.phone}
          phoneVerified={d.phoneVerified}
          email={d.email ?? d.requester?.email ?? null}
        />
      )}
      {!d.address && <p className="text-xs text-gray-600">{t('dashboards.volunteer.detailsAfterAccept')}</p>}
      {d.specialInstructions && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <span className="font-medium">{t('dashboards.volunteer.instructions')}</span>{' '}
          <span data-user-content>{d.specialInstructions}</span>
        </p>
      )}
      <div className="mt-auto pt-2">{children}</div>
    </li>
  )
}

/** One end of the trip: where, who, and how to reach them. */
function Stop({
  label,
  address,
  name,
  phone,
  phoneVerified = false,
  email,
}: {
  label: string
  address: string
  name: string
  phone: string | null
  /** The number was proved by an SMS code: "verified number" beside it. */
  phoneVerified?: boolean
  email: string | null
}) {
  return (
    <div className="rounded-md bg-gray-50 p-2 text-sm text-gray-800">
      <p>
        <span className="font-medium">{label}</span>{' '}
        <span className="break-words" data-user-content>
          {address}
        </span>{' '}
        <MapsLink address={address} />
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        <span data-user-content>{name}</span>
        {phone && (
          <a href={telHref(phone)} className="inline-flex items-center gap-1 text-brand-700 underline">
            <Phone className="size-3.5 shrink-0" aria-hidden />
            {displaySriLankanPhone(phone)}
          </a>
        )}
        {phone && phoneVerified && <VerifiedNumber />}
        {phone && <WhatsAppLink phone={phone} />}
        {email && (
          <a
            href={`mailto:${email}`}
            className="inline-flex items-center gap-1 break-all text-brand-700 underline"
          >
            <Mail className="size-3.5 shrink-0" aria-hidden />
            {email}
          </a>
        )}
      </p>
    </div>
  )
}
