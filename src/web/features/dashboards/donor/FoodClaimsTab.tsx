import { Mail, Phone, Truck } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { OrderAction } from '../../../../shared/orders'
import { ORGANISATION_KIND_KEYS } from '../../../../shared/organisations'
import { displaySriLankanPhone } from '../../../../shared/phone'
import type { Order } from '../../../../shared/schemas/orders'
import { StickyBanner, useBanner } from '../../../components/ui/Banner'
import { WhatsAppLink } from '../../../components/ui/ContactLinks'
import { telHref } from '../../../components/ui/contact-links'
import { Alert, smallButton } from '../../../components/ui/form'
import { td } from '../../../components/ui/ScrollTable'
import { VerifiedNumber } from '../../../components/ui/VerifiedNumber'
import { AttendanceConfirmed } from '../../../entities/order/AttendanceConfirmed'
import { useOrderAction, useOrders } from '../../../entities/order/api'
import { ConfirmPickupButton } from '../../../entities/order/ConfirmPickup'
import { HandoverRecord } from '../../../entities/order/HandoverRecord'
import { NotCollectedButton } from '../../../entities/order/NotCollectedButton'
import { confirmationQueue } from '../../../entities/order/pickup-queue'
import { ApiError } from '../../../lib/api'
import { formatLkr, formatNumber } from '../../../lib/format'
import { useQueued } from '../../../lib/offline-queue'
import { useMe } from '../../../lib/session'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { OrderTable } from '../order-table'

/** Spec part 2 section 9: the claim result banner disappears after 5 s. */

type Busy = { id: string; action: OrderAction } | null

/** Food Claims: the claims (and half-price requests) on the donor's listings, decided from the table. */
export function FoodClaimsTab() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [banner, setBanner] = useBanner()
  const [busy, setBusy] = useState<Busy>(null)
  const mutation = useOrderAction()

  function act(order: Order, action: OrderAction) {
    setBusy({ id: order.id, action })
    mutation.mutate(
      { kind: order.kind, id: order.id, action },
      {
        onSuccess: () =>
          setBanner({
            tone: 'success',
            text: t(`dashboards.claims.success.${order.kind}.${action}`, { name: order.requester.name }),
          }),
        onError: (error) => {
          // The server's reason in the user's language; 'Unknown error occurred' without one.
          const reason =
            error instanceof ApiError && error.message
              ? errorText(error)
              : t('dashboards.claims.unknownError')
          setBanner({
            tone: 'error',
            text: t(`dashboards.claims.failed.${order.kind}.${action}`, {
              reason: reason.replace(/\.$/, ''),
            }),
          })
        },
        onSettled: () => setBusy(null),
      },
    )
  }

  function confirmed(order: Order, outcome: 'sent' | 'queued') {
    setBanner(
      outcome === 'sent'
        ? {
            tone: 'success',
            text: t(`dashboards.claims.success.${order.kind}.complete`, { name: order.requester.name }),
          }
        : { tone: 'info', text: t('handover.queued') },
    )
  }

  return (
    <div className="space-y-6">
      <StickyBanner banner={banner} />
      <QueuedConfirmations />
      <OrdersTable kind="claim" busy={busy} onAct={act} onConfirmed={confirmed} />
      <OrdersTable kind="request" busy={busy} onAct={act} onConfirmed={confirmed} />
    </div>
  )
}

type Confirmed = (order: Order, outcome: 'sent' | 'queued') => void

function OrdersTable({
  kind,
  busy,
  onAct,
  onConfirmed,
}: {
  kind: 'claim' | 'request'
  busy: Busy
  onAct: (order: Order, action: OrderAction) => void
  onConfirmed: Confirmed
}) {
  const { t } = useTranslation()
  const query = useOrders(kind, 'donor')
  const heading = t(`dashboards.claims.heading.${kind}`)
  return (
    <OrderTable
      title={heading}
      query={query}
      empty={t(`dashboards.claims.empty.${kind}`)}
      columns={[
        t('dashboards.columns.foodItem'),
        t(`dashboards.columns.${kind === 'claim' ? 'claimant' : 'requester'}`),
        t('dashboards.columns.quantityRequested'),
        kind === 'request' && t('dashboards.columns.totalPrice'),
        t('dashboards.columns.contactMethod'),
        t('dashboards.columns.status'),
        t('dashboards.columns.date'),
        t('dashboards.columns.actions'),
      ]}
      underTitle={(order) => (
        <>
          {order.delivery && <WithDelivery delivery={order.delivery} />}
          {order.notes && (
            <p className="mt-1 max-w-xs text-xs text-gray-600">
              <span className="font-semibold">{t('dashboards.claims.note')}</span>{' '}
              <span data-user-content>{order.notes}</span>
            </p>
          )}
        </>
      )}
      cells={(order) => (
        <>
          <td className={td}>
            <p className="font-medium" data-user-content>
              {order.requester.name}
            </p>
            {/* A verified organisation: its kind beside its name (docs/decisions/0054-organisations-and-their-limits.md). */}
            {order.requester.organisation && (
              <p className="text-xs text-brand-800">
                {t(ORGANISATION_KIND_KEYS[order.requester.organisation.kind])}
              </p>
            )}
            <p className="text-xs break-all text-gray-600">{order.requester.email}</p>
            {order.requester.phone && (
              <p className="text-xs break-all text-gray-600">
                {displaySriLankanPhone(order.requester.phone)}{' '}
                {order.requester.phoneVerified && <VerifiedNumber />}
              </p>
            )}
            <AttendanceConfirmed order={order} />
            <Link
              to={`/orders/${order.id}`}
              className="inline-flex min-h-11 items-center text-xs font-medium text-brand-700 underline"
            >
              {t('orders.pickup.summary')}
            </Link>
          </td>
          <td className={td}>
            {t('dashboards.servings', { count: order.quantity, n: formatNumber(order.quantity) })}
          </td>
          {kind === 'request' && (
            <td className={`${td} whitespace-nowrap`}>
              {formatLkr(order.totalPrice)}
              {order.paymentMethod && (
                <p className="text-xs text-gray-600">{t(`dashboards.payment.${order.paymentMethod}`)}</p>
              )}
            </td>
          )}
          <td className={td}>
            <ContactCell order={order} />
          </td>
        </>
      )}
      actions={(order) => <OrderActions order={order} busy={busy} onAct={onAct} onConfirmed={onConfirmed} />}
    />
  )
}

/** An order asked with Request Delivery: approving it offers the delivery to volunteers. */
function WithDelivery({ delivery }: { delivery: NonNullable<Order['delivery']> }) {
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
function ContactCell({ order }: { order: Order }) {
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

function OrderActions({
  order,
  busy,
  onAct,
  onConfirmed,
}: {
  order: Order
  busy: Busy
  onAct: (order: Order, action: OrderAction) => void
  onConfirmed: Confirmed
}) {
  const { t } = useTranslation()
  const busyHere = busy?.id === order.id
  const label = (action: OrderAction, text: string) =>
    busyHere && busy?.action === action ? t('dashboards.claims.processing') : text
  if (order.status === 'pending') {
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busyHere}
          onClick={() => onAct(order, 'approve')}
          className={`${smallButton} bg-green-700 text-white hover:bg-green-800`}
        >
          {label('approve', t('dashboards.claims.approve'))}
        </button>
        <button
          type="button"
          disabled={busyHere}
          onClick={() => onAct(order, 'decline')}
          className={`${smallButton} bg-red-600 text-white hover:bg-red-700`}
        >
          {label('decline', t('dashboards.claims.reject'))}
        </button>
      </div>
    )
  }
  if (order.status === 'confirmed' && order.delivery) {
    // Its volunteer completes it by delivering.
    return (
      <span className="whitespace-nowrap font-semibold text-green-800">
        {t('dashboards.claims.approved')}
      </span>
    )
  }
  if (order.status === 'confirmed') {
    return (
      <div className="flex flex-col items-start gap-2">
        <span className="whitespace-nowrap font-semibold text-green-800">
          {t('dashboards.claims.approved')}
        </span>
        <ConfirmPickupButton
          order={order}
          className={`${smallButton} bg-green-700 text-white hover:bg-green-800`}
          onDone={(outcome) => onConfirmed(order, outcome)}
        />
        <NotCollectedButton
          order={order}
          busy={busyHere}
          label={label('not-collected', t('orders.notCollected.button'))}
          className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50`}
          onConfirm={() => onAct(order, 'not-collected')}
        />
      </div>
    )
  }
  if (order.noShow) {
    return (
      <span className="whitespace-nowrap font-semibold text-red-700">
        {t('dashboards.claims.notCollected')}
      </span>
    )
  }
  if (order.status === 'cancelled') {
    // Declined by the donor, or cancelled by the requester while it was pending.
    return (
      <span className="whitespace-nowrap font-semibold text-red-700">
        {t(order.decidedAt ? 'dashboards.claims.declined' : 'dashboards.claims.cancelledByRequester')}
      </span>
    )
  }
  return (
    <div>
      <span className="whitespace-nowrap font-semibold text-gray-700">
        {t('dashboards.claims.collected')}
      </span>
      <HandoverRecord order={order} />
    </div>
  )
}

/** Confirmations typed without a connection: how many wait, and any the server refused. */
function QueuedConfirmations() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const me = useMe()
  const queued = useQueued(confirmationQueue, me.data?.id)
  const waiting = queued.filter((entry) => !entry.refusal).length
  return (
    <>
      {waiting > 0 && <Alert tone="info">{t('handover.waiting', { count: waiting })}</Alert>}
      {queued
        .filter((entry) => entry.refusal)
        .map((entry) => (
          <Alert key={entry.id} tone="error">
            {t('handover.refused', {
              title: entry.title,
              reason: errorText(new ApiError(400, { code: 'refused', ...entry.refusal! })),
            })}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => confirmationQueue.dismiss(entry)}
            >
              {t('handover.dismiss')}
            </button>
          </Alert>
        ))}
    </>
  )
}
