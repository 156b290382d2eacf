import { lazy, Suspense, useState } from 'react'
import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Button } from '../../../components/ui/Button'
import { Empty, Panel } from '../../../components/ui/Panel'
import { formatNumber, formatSriLankaDay } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { dayName } from '../../../lib/weekday'
import { useStandingOffers } from '../api'
import { EndOfferButton, LeaveButton, PauseOfferButton } from './OfferActions'
import { DeliverersLine, StandingDeliveryButtons } from './StandingDelivery'

/**
 * The new offer's form, with the listing fields and their schemas, is fetched when opened: the
 * dashboard's first screen does not show it (docs/decisions/0043-react-and-wouter.md, budgets).
 */
const RegularOfferDialog = lazy(() =>
  import('./RegularOfferDialog').then((m) => ({ default: m.RegularOfferDialog })),
)

/**
 * The dashboards' standing arrangements: a donor's regular offers with each taker's record, or the
 * offers a recipient takes from, each with its next days (docs/decisions/0068-standing-arrangements.md).
 */
export function StandingPanel({ as, me }: { as: 'donor' | 'taker'; me: Me }) {
  const { t } = useTranslation()
  const offers = useStandingOffers(as)
  const [creating, setCreating] = useState(false)
  const items = offers.data?.items ?? []
  return (
    <Panel
      title={t(as === 'donor' ? 'dashboards.standing.donorTitle' : 'dashboards.standing.title')}
      actions={
        as === 'donor' && (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            {t('standing.form.open')}
          </Button>
        )
      }
    >
      {creating && (
        <Suspense fallback={null}>
          <RegularOfferDialog me={me} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {items.length === 0 ? (
        <Empty>{t(as === 'donor' ? 'dashboards.standing.noneDonor' : 'dashboards.standing.none')}</Empty>
      ) : (
        <ul className="divide-y divide-gray-100" data-standing-offers>
          {items.map((offer) => (
            <OfferItem key={offer.id} offer={offer} as={as} me={me} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** An offer's title, status, days, window and next dates: the dashboards' and the open list's line. */
export function OfferSummary({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  return (
    <>
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
    </>
  )
}

function OfferItem({ offer, as, me }: { offer: StandingOffer; as: 'donor' | 'taker'; me: Me }) {
  const { t } = useTranslation()
  const mine = offer.takers.find((taker) => taker.userId === me.id)
  return (
    <li className="space-y-1 py-3">
      <OfferSummary offer={offer} />
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
              {taker.delivery && <DeliverersLine delivery={taker.delivery} />}
            </li>
          ))}
        </ul>
      )}
      {offer.status !== 'ended' && (
        <div className="flex flex-wrap gap-2 pt-1">
          {as === 'donor' ? (
            <>
              <PauseOfferButton offer={offer} />
              <EndOfferButton offer={offer} />
            </>
          ) : (
            <>
              <StandingDeliveryButtons offer={offer} delivery={mine?.delivery ?? null} me={me} />
              <LeaveButton offer={offer} />
            </>
          )}
        </div>
      )}
    </li>
  )
}
