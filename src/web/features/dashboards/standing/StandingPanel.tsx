import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import { sriLankaInstant } from '../../../../shared/sri-lanka-time'
import { addDays, WEEKDAYS } from '../../../../shared/standing'
import { Empty, Panel } from '../../../components/ui/Panel'
import { formatDate, formatNumber, formatSriLankaDay } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useStandingOffers } from '../api'

/** A Monday: each weekday's short name in the reader's language is read from the week after it. */
const A_MONDAY = '2026-11-30'
const dayName = (day: string) =>
  formatDate(
    sriLankaInstant(addDays(A_MONDAY, WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number])), '12:00'),
    {
      weekday: 'short',
    },
  )

/**
 * The dashboards' standing arrangements: a donor's regular offers with each taker's record, or the
 * offers a recipient takes from, each with its next days (docs/decisions/0068-standing-arrangements.md).
 */
export function StandingPanel({ as }: { as: 'donor' | 'taker' }) {
  const { t } = useTranslation()
  const offers = useStandingOffers(as)
  const items = offers.data?.items ?? []
  return (
    <Panel title={t(as === 'donor' ? 'dashboards.standing.donorTitle' : 'dashboards.standing.title')}>
      {items.length === 0 ? (
        <Empty>{t(as === 'donor' ? 'dashboards.standing.noneDonor' : 'dashboards.standing.none')}</Empty>
      ) : (
        <ul className="divide-y divide-gray-100" data-standing-offers>
          {items.map((offer) => (
            <OfferItem key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

function OfferItem({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  return (
    <li className="space-y-1 py-3">
      <p className="font-medium break-words text-gray-900">
        {offer.title}
        {offer.status !== 'active' && (
          <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
            {t(
              offer.status === 'ended'
                ? 'dashboards.standing.status.ended'
                : 'dashboards.standing.status.paused',
            )}
          </span>
        )}
      </p>
      <p className="text-sm text-gray-600">
        {t('dashboards.standing.schedule', {
          days: offer.days.map(dayName).join(', '),
          start: offer.windowStart,
          end: offer.windowEnd,
        })}
      </p>
      {offer.nextOccurrences.length > 0 && (
        <p className="text-sm text-gray-600">
          {t('dashboards.standing.next', {
            dates: offer.nextOccurrences.slice(0, 3).map(formatSriLankaDay).join(', '),
          })}
        </p>
      )}
      {offer.takers.length > 0 && (
        <ul className="text-sm text-gray-700">
          {offer.takers.map((taker) => (
            <li key={taker.id} className="break-words">
              {t('dashboards.standing.taker', {
                name: taker.name,
                quantity: formatNumber(taker.quantity),
                collected: formatNumber(taker.record.collected),
                missed: formatNumber(taker.record.missed),
                skipped: formatNumber(taker.record.skipped),
              })}
              {taker.status === 'paused' && ` · ${t('dashboards.standing.status.paused')}`}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
