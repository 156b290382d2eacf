import { useState } from 'react'
import { type StandingDelivery, standingDeliveryDaysSchema } from '../../../shared/schemas/standing-offers'
import { WEEKDAYS } from '../../../shared/standing'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, choiceRow, FieldError, SubmitButton } from '../../components/ui/form'
import { Empty } from '../../components/ui/Panel'
import { Section } from '../../components/ui/Section'
import { formatLkr, formatSriLankaDay } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { dayName } from '../../lib/weekday'
import { useStandingDeliveries, useStopDelivering, useTakeDeliveryDays } from './api'

/**
 * The schedule's regular deliveries: the arrangements the volunteer delivers on set weekdays, with
 * their next dates, and those near them asking for delivery with days still free
 * (docs/decisions/0069-standing-deliveries.md).
 */
export function StandingDeliveries() {
  const { t } = useTranslation()
  const mine = useStandingDeliveries('volunteer')
  const open = useStandingDeliveries('open')
  return (
    <div className="space-y-6" data-standing-deliveries>
      <Section headingId="standing-mine" title={t('standing.volunteer.title')} className="space-y-3">
        <p className="text-sm text-gray-700">{t('standing.volunteer.intro')}</p>
        {(mine.data?.items ?? []).length > 0 && (
          <ul className="space-y-3">
            {mine.data!.items.map((item) => (
              <Arrangement key={item.takerId} item={item} />
            ))}
          </ul>
        )}
      </Section>
      <Section headingId="standing-open" title={t('standing.volunteer.openTitle')} className="space-y-3">
        {open.data && open.data.items.length === 0 ? (
          <Empty>{t('standing.volunteer.noneOpen')}</Empty>
        ) : (
          <ul className="space-y-3">
            {(open.data?.items ?? []).map((item) => (
              <Arrangement key={item.takerId} item={item} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}

function Arrangement({ item }: { item: StandingDelivery }) {
  const { t } = useTranslation()
  const days = (list: string[]) => list.map(dayName).join(', ')
  return (
    <li className="min-w-0 space-y-1 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="font-semibold break-words text-gray-900">
        <span data-user-content>{item.title}</span>
        <span className="font-normal text-gray-700">
          {' · '}
          <span data-user-content>{item.takerName}</span>
        </span>
      </p>
      <p className="text-sm break-words text-gray-700">
        {t('standing.volunteer.route', {
          from: `${item.pickupCity}, ${districtName(t, item.pickupDistrict)}`,
          to: `${item.city}, ${districtName(t, item.district)}`,
        })}
      </p>
      <p className="text-sm text-gray-700">
        {t('standing.volunteer.window', {
          start: item.windowStart,
          end: item.windowEnd,
          n: item.quantity,
          fee: formatLkr(item.fee),
        })}
      </p>
      {item.days.length > 0 && (
        <p className="text-sm font-medium text-brand-800">
          {t('standing.volunteer.yourDays', { days: days(item.days) })}
        </p>
      )}
      {item.freeDays.length > 0 && (
        <p className="text-sm text-gray-700">
          {t('standing.volunteer.freeDays', { days: days(item.freeDays) })}
        </p>
      )}
      {item.nextDates.length > 0 && (
        <p className="text-sm text-gray-700">
          {t('standing.volunteer.next', { dates: item.nextDates.map(formatSriLankaDay).join(' · ') })}
        </p>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <TakeDaysButton item={item} />
        {item.id && <StopButton id={item.id} title={item.title} />}
      </div>
    </li>
  )
}

/** Choose the weekdays to take: the volunteer's own and those nobody holds. */
function TakeDaysButton({ item }: { item: StandingDelivery }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<string[]>(item.days)
  const [invalid, setInvalid] = useState<string | undefined>()
  const take = useTakeDeliveryDays()
  const choices = WEEKDAYS.filter((d) => item.days.includes(d) || item.freeDays.includes(d))
  return (
    <>
      <Button variant={item.id ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {t(item.id ? 'standing.volunteer.change' : 'standing.volunteer.take')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('standing.volunteer.takeTitle', { title: item.title })}
        description={t('standing.volunteer.takeDetail', { name: item.takerName, city: item.city })}
      >
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault()
            const checked = standingDeliveryDaysSchema.safeParse({ days: chosen })
            setInvalid(checked.success ? undefined : checked.error.issues[0]?.message)
            if (checked.success)
              take.mutate({ item, body: checked.data }, { onSuccess: () => setOpen(false) })
          }}
        >
          <fieldset aria-describedby={invalid ? 'standing-take-days-error' : undefined}>
            <legend className="sr-only">{t('standing.form.days')}</legend>
            <div className="grid grid-cols-3 gap-2">
              {choices.map((day) => (
                <label key={day} className={choiceRow}>
                  <input
                    type="checkbox"
                    value={day}
                    className="size-5 shrink-0 accent-brand-700"
                    checked={chosen.includes(day)}
                    onChange={(event) =>
                      setChosen((days) =>
                        event.target.checked ? [...days, day] : days.filter((d) => d !== day),
                      )
                    }
                  />
                  {dayName(day)}
                </label>
              ))}
            </div>
            <FieldError id="standing-take-days-error" message={invalid} />
          </fieldset>
          {take.isError && <Alert tone="error">{errorText(take.error)}</Alert>}
          <SubmitButton busy={take.isPending} busyLabel={t('standing.actions.saving')}>
            {t('standing.volunteer.submit')}
          </SubmitButton>
        </form>
      </Dialog>
    </>
  )
}

function StopButton({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const stop = useStopDelivering()
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('standing.volunteer.stop')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('standing.volunteer.stopTitle', { title })}
        description={t('standing.volunteer.stopDetail')}
      >
        {stop.isError && <Alert tone="error">{errorText(stop.error)}</Alert>}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('standing.actions.keep')}
          </Button>
          <Button
            variant="danger"
            disabled={stop.isPending}
            onClick={() => stop.mutate(id, { onSuccess: () => setOpen(false) })}
          >
            {t('standing.volunteer.stop')}
          </Button>
        </div>
      </Dialog>
    </>
  )
}
