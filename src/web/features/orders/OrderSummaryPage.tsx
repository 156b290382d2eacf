import { CalendarPlus, Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Redirect, useParams } from 'wouter'
import type { Place } from '../../../shared/map-links'
import { orderNumber } from '../../../shared/pickup'
import type { Order } from '../../../shared/schemas/orders'
import { normalisePhone } from '../../../shared/sms'
import { PageLoading } from '../../components/layout/PageLoading'
import { DirectionsLinks } from '../../components/map/DirectionsLinks'
import { PlaceMap } from '../../components/map/PlaceMap'
import { Alert, Button, buttonClass } from '../../components/ui/form'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { VerifiedNumber } from '../../components/ui/VerifiedNumber'
import { AttendanceConfirmed } from '../../entities/order/AttendanceConfirmed'
import { orderCalendarPath, orderStatus } from '../../entities/order/api'
import { HandoverRecord } from '../../entities/order/HandoverRecord'
import { PickupCode } from '../../entities/order/PickupCode'
import { DonorContact, usePickupWhen } from '../../entities/order/PickupDetails'
import { RateOrder } from '../../entities/order/RateOrder'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDate, formatLkr, formatNumber } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useDeliveryRun, useOrderSummary } from './api'
import { OrderThread } from './OrderThread'

/**
 * /orders/:id: the order summary a recipient shows at pickup (and the donor reads), printable. The
 * server answers it to the order's requester and the listing's donor only.
 */
/**
 * The number the donor sees is the requester's verified one: the order's own phone, when given, is
 * the same number written another way or none at all.
 */
function sameVerifiedNumber(order: Order): boolean {
  if (!order.requester.phoneVerified || !order.requester.phone) return false
  const shown = order.phone ?? order.requester.phone
  return normalisePhone(shown) === normalisePhone(order.requester.phone)
}

export function OrderSummaryPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const me = useMe()
  const signIn = useSignInHere()
  const errorText = useErrorText()
  const order = useOrderSummary(id, Boolean(me.data))
  if (me.isPending) return <PageLoading />
  if (!me.data) return <Redirect to={signIn} replace />
  return (
    <div className="mx-auto max-w-xl px-4 py-6" data-print-page>
      {order.isPending && <PageLoading />}
      {order.isError && <Alert tone="error">{errorText(order.error)}</Alert>}
      {/* The code first and largest: it is what the recipient shows at the door (issue 39, item 6). */}
      {order.data && <PickupCode order={order.data} />}
      {order.data?.delivery && <RunProgress deliveryId={order.data.delivery.id} />}
      {order.data && <Summary order={order.data} isDonor={order.data.listing.donorId === me.data.id} />}
      {order.data && <PickupPlaceMap order={order.data} />}
      {order.data && <OrderThread order={order.data} />}
      {order.data && (
        <div className="mt-6" data-no-print>
          <RateOrder order={order.data} isDonor={order.data.listing.donorId === me.data.id} />
        </div>
      )}
      {order.data && (
        <div className="mt-6 flex flex-wrap gap-2" data-no-print>
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden />
            {t('orders.summary.print')}
          </Button>
          {order.data.status !== 'cancelled' && (
            <a
              href={orderCalendarPath(order.data.kind, order.data.id)}
              download
              className={buttonClass('secondary')}
            >
              <CalendarPlus className="size-4" aria-hidden />
              {t('handover.addToCalendar')}
            </a>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * The delivery in its volunteer's run: how many stops before this one and when it is expected, in
 * Sri Lankan time; refreshed as the run moves (docs/decisions/0071-volunteer-runs.md).
 */
function RunProgress({ deliveryId }: { deliveryId: string }) {
  const { t } = useTranslation()
  const place = useDeliveryRun(deliveryId).data
  if (!place) return null
  return (
    <p className="mt-4 rounded-lg bg-brand-50 p-3 text-brand-900" role="status" data-run-progress>
      <span className="block font-semibold">
        {t(`runs.progress.${place.kind}.away`, { count: place.stopsAway, n: formatNumber(place.stopsAway) })}
      </span>
      <span className="block text-sm">
        {t('runs.progress.eta', { time: formatDate(place.etaAt, { timeStyle: 'short' }) })}
      </span>
    </p>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-gray-200 py-2.5">
      <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900">{children}</dd>
    </div>
  )
}

function Summary({ order, isDonor }: { order: Order; isDonor: boolean }) {
  const { t } = useTranslation()
  useDocumentTitle(`${t('orders.summary.title')} ${orderNumber(order.id)}`)
  const when = usePickupWhen(order)
  const l = order.listing
  return (
    <article className="mt-4 rounded-lg border-2 border-gray-900 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-gray-900 pb-3">
        <div>
          <h1 className="text-lg font-bold text-gray-900">{t('orders.summary.title')}</h1>
          <p className="font-mono text-sm tracking-wider text-gray-700" data-order-number>
            {orderNumber(order.id)}
          </p>
        </div>
        <StatusBadge kind="order" status={orderStatus(order)} />
      </div>
      <dl>
        <Item label={t('orders.summary.food')}>
          <span className="font-semibold" data-user-content>
            {l.title}
          </span>
        </Item>
        <Item label={t('orders.summary.quantity')}>
          {t('orders.summary.servings', { count: order.quantity, n: formatNumber(order.quantity) })}
          {order.kind === 'request' && ` · ${formatLkr(order.totalPrice)}`}
        </Item>
        <Item label={t('orders.pickup.address')}>
          {l.pickupAddress ? (
            <span data-user-content data-pickup-address>
              {[l.pickupAddress, l.pickupCity, districtName(t, l.pickupDistrict), l.pickupPostalCode]
                .filter(Boolean)
                .join(', ')}
            </span>
          ) : (
            <>
              <span data-user-content>
                {l.pickupCity}, {districtName(t, l.pickupDistrict)}
              </span>
              <span className="block text-xs text-gray-600">{t('orders.pickup.afterApproval')}</span>
            </>
          )}
          <MapLinks place={pickupPlace(order)} rough={!l.pickupAddress} />
        </Item>
        <Item label={t('orders.pickup.when')}>
          {when}
          {isDonor && (
            <span className="block">
              <AttendanceConfirmed order={order} />
            </span>
          )}
        </Item>
        <Item label={t('orders.summary.donor')}>
          <span className="font-medium" data-user-content>
            {l.donorName}
          </span>
          {l.pickupAddress && <DonorContact order={order} />}
        </Item>
        {order.status === 'completed' && order.handoverVerified !== null && (
          <Item label={t('handover.heading')}>
            <HandoverRecord order={order} />
          </Item>
        )}
        <Item label={t('orders.summary.recipient')}>
          <span className="font-medium" data-user-content>
            {order.requester.name}
          </span>
          {isDonor && (
            <span className="block text-sm break-all text-gray-700">
              {[order.phone ?? order.requester.phone, order.email ?? order.requester.email]
                .filter(Boolean)
                .join(' · ')}{' '}
              {sameVerifiedNumber(order) && <VerifiedNumber />}
            </span>
          )}
        </Item>
      </dl>
    </article>
  )
}

/**
 * Where the food is collected: the exact point once the order is approved (the API gives it to its
 * parties, like the street), else the public ~500 m area (docs/decisions/0072-the-map-view.md).
 */
function pickupPlace(order: Order): Place {
  const l = order.listing
  return {
    address: l.pickupAddress,
    city: l.pickupCity,
    district: l.pickupDistrict,
    point: l.pickupPoint ?? l.approxPoint,
    approximate: !l.pickupPoint,
  }
}

/** A small map of the pickup place below the summary, loaded when scrolled near. */
function PickupPlaceMap({ order }: { order: Order }) {
  const place = pickupPlace(order)
  if (!place.point) return null
  return (
    <PlaceMap
      kind={place.approximate ? 'approx' : 'exact'}
      place={{ ...place, point: place.point }}
      directions={false}
    />
  )
}

/** Directions beside the place: the phone's maps app (geo:) and OpenStreetMap (src/shared/map-links.ts). */
function MapLinks({ place, rough }: { place: Place; rough: boolean }) {
  const { t } = useTranslation()
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2" data-no-print>
      <DirectionsLinks
        place={place}
        appLabel={t('orders.pickup.openInMaps')}
        osmLabel={t('orders.pickup.openStreetMap')}
      />
      {rough && <span className="block w-full text-xs text-gray-600">{t('orders.pickup.roughPlace')}</span>}
    </span>
  )
}
