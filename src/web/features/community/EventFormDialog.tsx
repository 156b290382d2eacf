import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { type Event, eventInputSchema, toEventInputValue } from '../../../shared/schemas/events'
import { Field, inputClass } from '../../components/ui/form'
import { FormDialog, useSaveMutation } from './form-dialog'
import { ImageField } from './ImageField'
import { communityKeys } from './queries'

type EventFormValues = {
  title: string
  description: string
  startsAt: string
  address: string
  city: string
  district: string
  maxAttendees: number | null
  imageUrl: string | null
}

/** Create an event (event null) or edit one the user organizes. Date and time are Sri Lanka time. */
export function EventFormDialog({
  event,
  open,
  onOpenChange,
}: {
  event: Event | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const form = useForm<EventFormValues, unknown, unknown>({
    resolver: zodResolver(eventInputSchema) as never,
    defaultValues: {
      title: event?.title ?? '',
      description: event?.description ?? '',
      startsAt: event ? toEventInputValue(event.startsAt) : '',
      address: event?.address ?? '',
      city: event?.city ?? '',
      district: event?.district ?? '',
      maxAttendees: event?.maxAttendees ?? null,
      imageUrl: event?.imageUrl ?? null,
    },
  })
  const { errors } = form.formState

  const save = useSaveMutation<EventFormValues>({
    path: '/api/events',
    id: event?.id,
    invalidates: communityKeys.events,
    setError: form.setError,
    onSaved: () => onOpenChange(false),
  })

  return (
    <FormDialog
      title={event ? t('events.form.editTitle') : t('events.form.createTitle')}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}
      save={save}
      submitLabel={event ? t('events.form.save') : t('events.form.submit')}
    >
      <Field label={t('events.form.title')} error={errors.title?.message}>
        {(props) => <input {...props} {...form.register('title')} className={inputClass} maxLength={120} />}
      </Field>
      <Field label={t('events.form.description')} error={errors.description?.message}>
        {(props) => <textarea {...props} {...form.register('description')} rows={4} className={inputClass} />}
      </Field>
      <Field
        label={t('events.form.startsAt')}
        hint={t('events.form.startsAtHint')}
        error={errors.startsAt?.message}
      >
        {(props) => (
          <input
            {...props}
            {...form.register('startsAt')}
            type="datetime-local"
            min={toEventInputValue(new Date())}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t('events.form.address')} error={errors.address?.message}>
        {(props) => <input {...props} {...form.register('address')} className={inputClass} />}
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t('events.form.city')} error={errors.city?.message}>
          {(props) => <input {...props} {...form.register('city')} className={inputClass} />}
        </Field>
        <Field label={t('events.form.district')} error={errors.district?.message}>
          {(props) => (
            <select {...props} {...form.register('district')} className={inputClass}>
              <option value="">{t('events.form.noDistrict')}</option>
              {DISTRICT_NAMES.map((d) => (
                <option key={d} value={d}>
                  {t(`districts.${d}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={t('events.form.maxAttendees')}
        hint={t('events.form.maxAttendeesHint')}
        error={errors.maxAttendees?.message}
      >
        {(props) => (
          <input
            {...props}
            // The API takes a JSON number (or null for no limit), never the input's text.
            {...form.register('maxAttendees', {
              setValueAs: (v) => (v === '' || v == null ? null : Number(v)),
            })}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={inputClass}
          />
        )}
      </Field>
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field }) => (
          <ImageField label={t('events.form.image')} value={field.value} onChange={field.onChange} />
        )}
      />
    </FormDialog>
  )
}
