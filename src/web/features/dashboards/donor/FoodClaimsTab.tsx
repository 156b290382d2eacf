import { useState } from 'react'
import { Link } from 'wouter'
import type { OrderAction } from '../../../../shared/orders'
import { ORGANISATION_KIND_KEYS } from '../../../../shared/organisations'
import { displaySriLankanPhone } from '../../../../shared/phone'
import type { Order } from '../../../../shared/schemas/orders'
import { StickyBanner, useBanner } from '../../../components/ui/Banner'
import { smallButton } from '../../../components/ui/form'
import { td } from '../../../components/ui/ScrollTable'
import { VerifiedNumber } from '../../../components/ui/VerifiedNumber'
import { AttendanceConfirmed } from '../../../entities/order/AttendanceConfirmed'
import { useOrderAction, useOrders } from '../../../entities/order/api'
import { ConfirmPickupButton } from '../../../entities/order/ConfirmPickup'
import { HandoverRecord } from '../../../entities/order/HandoverRecord'
import { NotCollectedButton } from '../../../entities/order/NotCollectedButton'
import { ApiError } from '../../../lib/api'
import { formatLkr, formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { OrderTable } from '../order-table'
import { ContactCell, WithDelivery } from './OrderCells'
import { QueuedConfirmations } from './QueuedConfirmations'

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
