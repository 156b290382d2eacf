import { CalendarPlus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { nextDeliverySteps } from '../../../../shared/delivery'
import type { Delivery } from '../../../../shared/schemas/orders'
import { smallButton } from '../../../components/ui/form'
import { ListState } from '../../../components/ui/ListState'
import { PagedPanel, Panel } from '../../../components/ui/Panel'
import { PagedTable, td } from '../../../components/ui/ScrollTable'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import {
  type DeliveryAction,
  deliveryCalendarPath,
  useCompleteDelivery,
  type useDeliveries,
} from '../../../entities/delivery/api'
import { MessageThread } from '../../../entities/messages/MessageThread'
import { formatDateTime, formatLkr } from '../../../lib/format'
import { districtName } from '../../../lib/labels'
import { loadedItems } from '../../../lib/paging'
import { useTranslation } from '../../../lib/translation'
import { DeliveryCard } from './DeliveryCard'

// The drop-off form (react-hook-form, zod) loads when a volunteer opens it, not with the dashboard.
const DropOffDialog = lazy(() =>
  import('../../../entities/order/DropOffDialog').then((m) => ({ default: m.DropOffDialog })),
)

type DeliveriesQuery = ReturnType<typeof useDeliveries>
type Act = (delivery: Delivery, action: DeliveryAction) => void

const ACTIVE = new Set(['assigned', 'in-progress'])

/** The volunteer's deliveries still to be done. */
export const activeDeliveries = (query: DeliveriesQuery) =>
  loadedItems(query).filter((d) => ACTIVE.has(d.status))

/** Deliveries nobody has taken yet, each with Accept. */
export function AvailableDeliveries({
  query,
  title,
  busyId,
  onAct,
  mayAccept,
}: {
  query: DeliveriesQuery
  title: string
  busyId: string | undefined
  onAct: Act
  /**
   * Whether the volunteer may accept `delivery` (the list holds only those within their reach): false
   * while they wait for verification, and the cards say so instead of offering Accept.
   */
  mayAccept: (delivery: Delivery) => boolean
}) {
  const { t } = useTranslation()
  const items = loadedItems(query)
  return (
    <PagedPanel
      title={title}
      query={query}
      isEmpty={items.length === 0}
      empty={t('dashboards.volunteer.noAvailable')}
    >
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((d) => (
          <DeliveryCard key={d.id} delivery={d}>
            {mayAccept(d) ? (
              <button
                type="button"
                disabled={busyId === d.id}
                onClick={() => onAct(d, 'accept')}
                className={`${smallButton} w-full bg-brand-700 py-2 text-white hover:bg-brand-800`}
              >
                {busyId === d.id ? t('dashboards.claims.processing') : t('dashboards.volunteer.accept')}
              </button>
            ) : (
              <p className="rounded-md bg-gray-100 px-3 py-2 text-center text-sm text-gray-700">
                {t('dashboards.volunteer.verification.acceptAfter')}
              </p>
            )}
          </DeliveryCard>
        ))}
      </ul>
    </PagedPanel>
  )
}

/** The steps a volunteer takes on their own delivery, as buttons; the order is the shared table's. */
const STEP_BUTTONS = {
  'hand-back': {
    label: 'dashboards.volunteer.handBack',
    look: 'border border-gray-300 text-gray-800 hover:bg-gray-50',
  },
  'pick-up': { label: 'dashboards.volunteer.pickedUp', look: 'bg-purple-700 text-white hover:bg-purple-800' },
  complete: {
    label: 'dashboards.volunteer.markComplete',
    look: 'bg-green-700 text-white hover:bg-green-800',
  },
} as const

/**
 * The volunteer's assigned and picked-up deliveries with the next steps only (src/shared/delivery.ts):
 * Picked up or Hand back, then Mark Complete, which asks for the recipient's pickup code.
 */
export function ActiveDeliveries({
  query,
  busyId,
  onAct,
  onDelivered,
}: {
  query: DeliveriesQuery
  busyId: string | undefined
  onAct: Act
  onDelivered: (delivery: Delivery) => void
}) {
  const { t } = useTranslation()
  const items = activeDeliveries(query)
  const [dropOff, setDropOff] = useState<Delivery | null>(null)
  const complete = useCompleteDelivery()
  return (
    <Panel title={t('dashboards.volunteer.tabs.mine')}>
      <ListState query={query} isEmpty={items.length === 0} empty={t('dashboards.volunteer.noActive')}>
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((d) => {
            const busy = busyId === d.id
            const steps = nextDeliverySteps(d).filter(
              (step): step is keyof typeof STEP_BUTTONS => step in STEP_BUTTONS,
            )
            return (
              <DeliveryCard key={d.id} delivery={d}>
                <div className="flex flex-wrap gap-2">
                  {steps.map((step) => (
                    <button
                      key={step}
                      type="button"
                      disabled={busy}
                      onClick={() => (step === 'complete' ? setDropOff(d) : onAct(d, step))}
                      data-step={step}
                      className={`${smallButton} flex-auto ${STEP_BUTTONS[step].look}`}
                    >
                      {busy ? t('dashboards.claims.processing') : t(STEP_BUTTONS[step].label)}
                    </button>
                  ))}
                  <a
                    href={deliveryCalendarPath(d.id)}
                    download
                    className={`${smallButton} flex-auto border border-gray-300 text-gray-800 hover:bg-gray-50`}
                  >
                    <CalendarPlus className="size-4 shrink-0" aria-hidden />
                    {t('handover.addToCalendar')}
                  </a>
                </div>
                {/* The volunteer's own delivery: its thread with the donor and the requester. */}
                {ACTIVE.has(d.status) && <MessageThread kind="delivery" id={d.id} />}
              </DeliveryCard>
            )
          })}
        </ul>
      </ListState>
      {dropOff && (
        <Suspense fallback={null}>
          <DropOffDialog
            delivery={dropOff}
            complete={(input) => complete.mutateAsync({ id: dropOff.id, input })}
            onClose={() => setDropOff(null)}
            onDone={() => {
              setDropOff(null)
              onDelivered(dropOff)
            }}
          />
        </Suspense>
      )}
    </Panel>
  )
}

/** Every delivery the volunteer took, latest first, with the fee earned for completed ones. */
export function DeliveryHistory({ query }: { query: DeliveriesQuery }) {
  const { t } = useTranslation()
  const items = [...loadedItems(query)].sort((a, b) => b.deliveryAt.localeCompare(a.deliveryAt))
  const heading = t('dashboards.volunteer.tabs.history')
  return (
    <PagedTable
      title={heading}
      query={query}
      items={items}
      empty={t('dashboards.volunteer.noDeliveries')}
      columns={[
        t('dashboards.columns.id'),
        t('dashboards.columns.city'),
        t('dashboards.columns.district'),
        t('dashboards.columns.dateTime'),
        t('dashboards.columns.feeEarned'),
        t('dashboards.columns.status'),
      ]}
      row={(d) => (
        <tr key={d.id} data-delivery={d.id}>
          <td className={`${td} font-mono`}>{d.id.slice(0, 8)}</td>
          <td className={td} data-user-content>
            {d.city}
          </td>
          <td className={td}>{districtName(t, d.district)}</td>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.deliveryAt)}</td>
          <td className={`${td} whitespace-nowrap`}>{d.status === 'completed' ? formatLkr(d.fee) : '—'}</td>
          <td className={td}>
            <StatusBadge kind="delivery" status={d.status} />
          </td>
        </tr>
      )}
    />
  )
}
