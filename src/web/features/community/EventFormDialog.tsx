import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Controller, type FieldPath, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { type Event, eventInputSchema, toEventInputValue } from '../../../shared/schemas/events'
import { Dialog } from '../../components/ui/Dialog'
import { buttonClass, Field, inputClass } from '../../components/ui/form'
import { ApiError, api } from '../../lib/api'
import { useErrorText } from '../../lib/use-error-text'
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
  const errorText = useErrorText()
  const queryClient = useQueryClient()
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

  const save = useMutation({
    // The raw form values go to the server, which parses them with the same schema.
    mutationFn: (values: EventFormValues) =>
      event
        ? api<Event>(`/api/events/${event.id}`, { method: 'PUT', body: values })
        : api<Event>('/api/events', { method: 'POST', body: values }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.events })
      onOpenChange(false)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [name, field] of Object.entries(error.fields)) {
          form.setError(name as FieldPath<EventFormValues>, { message: field.key })
        }
      }
    },
  })

  return (
    <Dialog
      size="lg"
      open={open}
      onOpenChange={onOpenChange}
      title={event ? t('events.form.editTitle') : t('events.form.createTitle')}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}
      >
        <Field label={t('events.form.title')} error={errors.title?.message}>
          {(props) => <input {...props} {...form.register('title')} className={inputClass} maxLength={120} />}
        </Field>
        <Field label={t('events.form.description')} error={errors.description?.message}>
          {(props) => (
            <textarea {...props} {...form.register('description')} rows={4} className={inputClass} />
          )}
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
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorText(save.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={() => onOpenChange(false)}>
            {t('community.cancel')}
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? t('community.saving') : event ? t('events.form.save') : t('events.form.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
