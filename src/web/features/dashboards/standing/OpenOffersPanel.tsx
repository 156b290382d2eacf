import { lazy, Suspense, useState } from 'react'
import type { StandingOffer } from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Button } from '../../../components/ui/Button'
import { Panel } from '../../../components/ui/Panel'
import { formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useOpenStandingOffers } from '../api'
import { OfferSummary } from './StandingPanel'

/** The portions form and its schema are fetched at the first "Take regularly". */
const JoinDialog = lazy(() => import('./JoinDialog').then((m) => ({ default: m.JoinDialog })))

/**
 * Regular offers with room left in the recipient's district, beside their own arrangements: "Take
 * regularly" asks how many portions a day (docs/decisions/0068-standing-arrangements.md). Hidden when
 * there are none.
 */
export function OpenOffersPanel({ me }: { me: Me }) {
  const { t } = useTranslation()
  const open = useOpenStandingOffers(me.district)
  const items = (open.data?.items ?? []).filter(
    (offer) => !offer.takers.some((taker) => taker.userId === me.id && taker.status !== 'left'),
  )
  if (items.length === 0) return null
  return (
    <Panel title={t('standing.open.title')}>
      <ul className="divide-y divide-gray-100" data-open-standing-offers>
        {items.map((offer) => (
          <li key={offer.id} className="space-y-1 py-3">
            <OfferSummary offer={offer} />
            <p className="text-sm text-gray-600">
              {t('standing.open.from', { donor: offer.donorName, city: offer.pickupCity })}
            </p>
            <p className="text-sm text-gray-600">
              {t('standing.open.room', { n: formatNumber(offer.room) })}
            </p>
            <JoinButton offer={offer} />
          </li>
        ))}
      </ul>
    </Panel>
  )
}

function JoinButton({ offer }: { offer: StandingOffer }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('standing.join.open')}</Button>
      {open && (
        <Suspense fallback={null}>
          <JoinDialog offer={offer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
