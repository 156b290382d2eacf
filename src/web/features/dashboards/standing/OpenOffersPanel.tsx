import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { joinSchema, type StandingOffer } from '../../../../shared/schemas/standing-offers'
import type { Me } from '../../../../shared/schemas/users'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, Button, NumberField, SubmitButton } from '../../../components/ui/form'
import { Panel } from '../../../components/ui/Panel'
import { asNumber } from '../../../entities/listing/ListingFields'
import { formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'
import { useJoinStandingOffer, useOpenStandingOffers } from '../api'
import { OfferSummary } from './StandingPanel'

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
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const join = useJoinStandingOffer()
  const form = useForm<{ quantity: number }>({ resolver: zodResolver(joinSchema) })
  const submit = form.handleSubmit(({ quantity }) =>
    join.mutate({ id: offer.id, quantity }, { onSuccess: () => setOpen(false) }),
  )
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('standing.join.open')}</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('standing.join.title', { title: offer.title })}
        description={t('standing.join.detail', {
          donor: offer.donorName,
          n: formatNumber(offer.room),
        })}
      >
        <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
          <NumberField
            label={t('standing.join.quantity')}
            error={form.formState.errors.quantity}
            required
            min={1}
            max={offer.room}
            {...form.register('quantity', { setValueAs: asNumber })}
          />
          {/* A 409 says how many portions are still free (someone may have joined meanwhile). */}
          {join.isError && <Alert tone="error">{errorText(join.error)}</Alert>}
          <SubmitButton busy={join.isPending} busyLabel={t('standing.actions.saving')}>
            {t('standing.join.submit')}
          </SubmitButton>
        </form>
      </Dialog>
    </>
  )
}
