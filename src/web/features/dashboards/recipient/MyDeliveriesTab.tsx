import { Star } from 'lucide-react'
import { nextDeliverySteps } from '../../../../shared/delivery'
import type { Delivery } from '../../../../shared/schemas/orders'
import type { Banner } from '../../../components/ui/Banner'
import { PagedTable, td } from '../../../components/ui/ScrollTable'
import { Stars } from '../../../components/ui/Stars'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import { useDeliveries, useDeliveryAction, useRateDelivery } from '../../../entities/delivery/api'
import { formatDate, formatDateTime, formatLkr, formatNumber } from '../../../lib/format'
import { districtName } from '../../../lib/labels'
import { loadedItems } from '../../../lib/paging'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { CancelButton, useCancelResult } from './cancel'

/**
 * Delivery requests: where, when, how much, the fee and the status (waiting for the donor's approval
 * first); Cancel while no volunteer has it; rate once completed.
 */
export function MyDeliveriesTab({ onResult }: { onResult: (banner: Banner) => void }) {
  const { t } = useTranslation()
  const query = useDeliveries('requester')
  const action = useDeliveryAction()
  const result = useCancelResult(onResult)
  const heading = t('dashboards.recipient.tabs.deliveries')
  return (
    <PagedTable
      title={heading}
      query={query}
      items={loadedItems(query)}
      empty={t('dashboards.recipient.empty.delivery')}
      columns={[
        t('dashboards.columns.address'),
        t('dashboards.columns.cityDistrict'),
        t('dashboards.columns.deliveryDate'),
        t('dashboards.columns.fee'),
        t('dashboards.columns.status'),
        t('dashboards.columns.dateRequested'),
        t('dashboards.columns.actions'),
      ]}
      row={(d) => (
        <tr key={d.id} data-delivery={d.id}>
          <td className={td}>
            <p className="font-medium text-gray-900" data-user-content>
              {d.address}
            </p>
            <p className="text-xs text-gray-600">
              <span data-user-content>{d.listing.title}</span> ·{' '}
              {t('dashboards.servings', { count: d.quantity, n: formatNumber(d.quantity) })}
            </p>
          </td>
          <td className={td}>
            <span data-user-content>{d.city}</span>, {districtName(t, d.district)}
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.deliveryAt)}</td>
          <td className={`${td} whitespace-nowrap`}>{formatLkr(d.fee)}</td>
          <td className={td}>
            <StatusBadge kind="delivery" status={d.status} />
            {d.status === 'pending' && !d.approved && (
              <p className="mt-1 text-xs text-gray-600">{t('dashboards.recipient.awaitingApproval')}</p>
            )}
            {d.volunteer && (
              <p className="mt-1 text-xs text-gray-600" data-user-content>
                {d.volunteer.name}
              </p>
            )}
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatDate(d.createdAt)}</td>
          <td className={td}>
            {nextDeliverySteps(d).includes('cancel') && (
              <CancelButton
                busy={action.isPending && action.variables?.id === d.id}
                onClick={() => action.mutate({ id: d.id, action: 'cancel' }, result)}
              />
            )}
            {d.status === 'completed' && <RateDelivery delivery={d} onResult={onResult} />}
          </td>
        </tr>
      )}
    />
  )
}

function RateDelivery({ delivery, onResult }: { delivery: Delivery; onResult: (banner: Banner) => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const rate = useRateDelivery()
  if (delivery.rating !== null) {
    return <Stars value={delivery.rating} label={t('dashboards.recipient.rated', { n: delivery.rating })} />
  }
  return (
    <fieldset>
      <legend className="mb-1 text-xs text-gray-600">{t('dashboards.recipient.rate')}</legend>
      <div className="flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={rate.isPending}
            aria-label={t('dashboards.stars', { n })}
            onClick={() =>
              rate.mutate(
                { id: delivery.id, rating: n },
                {
                  onSuccess: () =>
                    onResult({ tone: 'success', text: t('dashboards.recipient.thanksForRating') }),
                  onError: (error) => onResult({ tone: 'error', text: errorText(error) }),
                },
              )
            }
            className="flex size-11 items-center justify-center rounded text-gray-400 hover:text-amber-500"
          >
            <Star className="size-5" aria-hidden />
          </button>
        ))}
      </div>
    </fieldset>
  )
}
