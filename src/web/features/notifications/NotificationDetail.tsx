import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { nextDeliverySteps } from '../../../shared/delivery'
import type { OrderAction } from '../../../shared/orders'
import { displaySriLankanPhone } from '../../../shared/phone'
import { can } from '../../../shared/policy'
import type { Notification } from '../../../shared/schemas/notifications'
import type { Me } from '../../../shared/schemas/users'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, buttonClass } from '../../components/ui/form'
import { ConfirmPickupButton } from '../../entities/order/ConfirmPickup'
import { NotCollectedButton } from '../../entities/order/NotCollectedButton'
import { PickupCode } from '../../entities/order/PickupCode'
import { PickupDetails } from '../../entities/order/PickupDetails'
import { formatDateTime, formatLkr } from '../../lib/format'
import { loadPageNamespaces } from '../../lib/i18n'
import { invalidateForChange } from '../../lib/realtime'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { fetchLinkedRecord, type LinkedRecord, notificationsApi } from './api'
import { notificationText } from './text'

const shownPhone = (phone: string | null | undefined) => phone && displaySriLankanPhone(phone)

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <div className="flex justify-between gap-4 border-b border-gray-100 py-1.5 text-sm">
      <dt className="text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-gray-900">{value}</dd>
    </div>
  )
}

/** What a notification is about, with Accept / Decline for its recipient while the record is pending. */
export function NotificationDetail({
  notification,
  me,
  onClose,
}: {
  notification: Notification
  me: Me
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const record = useQuery({
    queryKey: ['notifications', 'record', notification.id],
    // An order's record shows its pickup code or the pickup confirmation: their words come with it.
    queryFn: () =>
      Promise.all([fetchLinkedRecord(notification), loadPageNamespaces('handover')]).then(([r]) => r),
  })
  const text = notificationText(t, notification)

  async function act(step: () => Promise<unknown>, successKey: string) {
    setBusy(true)
    setResult(null)
    try {
      await step()
      setResult({ tone: 'success', text: t(successKey) })
      await Promise.all([
        record.refetch(),
        invalidateForChange(queryClient, 'orders'),
        invalidateForChange(queryClient, 'deliveries'),
      ])
    } catch (error) {
      setResult({ tone: 'error', text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={text.title} description={text.message}>
      {record.isPending && (
        <p role="status" className="text-sm text-gray-600">
          {t('notifications.ui.loadingDetails')}
        </p>
      )}
      {record.isError && <Alert tone="error">{errorText(record.error)}</Alert>}
      {record.data && <RecordDetails record={record.data} me={me} onClose={onClose} />}
      {result && (
        <div className="mt-3">
          <Alert tone={result.tone}>{result.text}</Alert>
        </div>
      )}
      {record.data && <Actions record={record.data} me={me} busy={busy} act={act} />}
      {record.data && (
        <Link
          to={`/listings/${encodeURIComponent(record.data.kind === 'delivery' ? record.data.delivery.listing.id : record.data.order.listing.id)}`}
          onClick={onClose}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          {t('notifications.ui.openListing')}
        </Link>
      )}
      {notification.type === 'collection_check' && (
        <Link
          to="/dashboard/donor"
          onClick={onClose}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          {t('notifications.ui.openDashboard')}
        </Link>
      )}
      {notification.type.startsWith('event_') && (
        <Link
          to="/community?tab=events"
          onClick={onClose}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          {t('notifications.ui.openEvents')}
        </Link>
      )}
    </Dialog>
  )
}

function RecordDetails({ record, me, onClose }: { record: LinkedRecord; me: Me; onClose: () => void }) {
  const { t } = useTranslation()
  if (record.kind === 'delivery') {
    const d = record.delivery
    return (
      <dl>
        <Row label={t('notifications.ui.food')} value={d.listing.title} />
        <Row
          label={t('notifications.ui.requester')}
          value={d.requester && `${d.requester.name} (${d.requester.email})`}
        />
        <Row
          label={t('notifications.ui.deliverTo')}
          value={[d.address, d.city, t(`districts.${d.district}`)].filter(Boolean).join(', ')}
        />
        <Row label={t('notifications.ui.when')} value={formatDateTime(d.deliveryAt)} />
        <Row label={t('notifications.ui.phone')} value={d.phone && displaySriLankanPhone(d.phone)} />
        <Row
          label={t('notifications.ui.quantity')}
          value={t('notifications.ui.servings', { count: d.quantity })}
        />
        <Row label={t('notifications.ui.fee')} value={formatLkr(d.fee)} />
        <Row label={t('notifications.ui.notes')} value={d.specialInstructions} />
        <Row label={t('notifications.ui.status')} value={t(`notifications.statuses.${d.status}`)} />
        {!d.address && (
          <p className="pt-2 text-xs text-gray-600">{t('notifications.detail.detailsAfterAccept')}</p>
        )}
      </dl>
    )
  }
  const o = record.order
  if (o.requester.id === me.id) {
    // The requester: where and when to collect and how to reach the donor (once approved).
    return (
      <div className="space-y-3">
        <dl>
          <Row label={t('notifications.ui.food')} value={o.listing.title} />
          <Row
            label={t('notifications.ui.quantity')}
            value={t('notifications.ui.servings', { count: o.quantity })}
          />
          <Row
            label={t('notifications.ui.status')}
            value={t(`notifications.statuses.${o.noShow ? 'not-collected' : o.status}`)}
          />
        </dl>
        <PickupDetails order={o} summaryLink onOpenSummary={onClose} />
        <PickupCode order={o} className="mt-4" />
      </div>
    )
  }
  return (
    <dl>
      <Row label={t('notifications.ui.food')} value={o.listing.title} />
      <Row label={t('notifications.ui.requester')} value={`${o.requester.name} (${o.requester.email})`} />
      <Row label={t('notifications.ui.phone')} value={shownPhone(o.phone ?? o.requester.phone)} />
      <Row label={t('notifications.ui.email')} value={o.email} />
      <Row
        label={t('notifications.ui.quantity')}
        value={t('notifications.ui.servings', { count: o.quantity })}
      />
      {record.kind === 'request' && (
        <Row label={t('notifications.ui.totalPrice')} value={formatLkr(o.totalPrice)} />
      )}
      <Row
        label={t('notifications.ui.pickup')}
        value={o.delivery ? t('notifications.detail.withDelivery') : formatDateTime(o.pickupAt)}
      />
      <Row label={t('notifications.ui.notes')} value={o.notes} />
      <Row
        label={t('notifications.ui.status')}
        value={t(`notifications.statuses.${o.noShow ? 'not-collected' : o.status}`)}
      />
    </dl>
  )
}

function Actions({
  record,
  me,
  busy,
  act,
}: {
  record: LinkedRecord
  me: Me
  busy: boolean
  act: (step: () => Promise<unknown>, successKey: string) => Promise<void>
}) {
  const { t } = useTranslation()
  if (record.kind === 'delivery') {
    const d = record.delivery
    // The API hides the requester from volunteers it does not concern yet: then it is not `me`.
    if (
      !nextDeliverySteps(d).includes('accept') ||
      !can(me, 'delivery.accept', {
        requesterId: d.requester?.id ?? null,
        pickupDistrict: d.listing.pickupDistrict,
        district: d.district,
      })
    )
      return null
    return (
      <div className="mt-4 flex justify-end">
        <Button
          disabled={busy}
          onClick={() =>
            act(() => notificationsApi.acceptDelivery(d.id), 'notifications.ui.deliveryAccepted')
          }
        >
          {t('notifications.ui.acceptDelivery')}
        </Button>
      </div>
    )
  }
  const o = record.order
  if (!can(me, 'order.decide', { donorId: o.listing.donorId })) return null
  const step = (action: OrderAction) => () => notificationsApi.orderAction(record.kind, o.id, action)
  if (o.status === 'confirmed') {
    // The collection check (and any approved order) lets the donor say it was picked up, or, once
    // the pickup is over, that it was not.
    return (
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <NotCollectedButton
          order={o}
          busy={busy}
          className={buttonClass('danger')}
          onConfirm={() => act(step('not-collected'), 'notifications.ui.markedNotCollected')}
        />
        <ConfirmPickupButton
          order={o}
          className={buttonClass()}
          onDone={(outcome) =>
            act(async () => {}, outcome === 'sent' ? 'notifications.ui.markedCollected' : 'handover.queued')
          }
        />
      </div>
    )
  }
  if (o.status !== 'pending') return null
  return (
    <div className="mt-4 flex justify-end gap-2">
      <Button
        variant="danger"
        disabled={busy}
        onClick={() => act(step('decline'), 'notifications.ui.declined')}
      >
        {t('notifications.ui.decline')}
      </Button>
      <Button disabled={busy} onClick={() => act(step('approve'), 'notifications.ui.accepted')}>
        {t('notifications.ui.accept')}
      </Button>
    </div>
  )
}
