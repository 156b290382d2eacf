import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import type { Point } from '../../../shared/geo'
import type { EventKind } from '../../../shared/reference-data'
import { type Event, eventInputSchema, toEventInputValue } from '../../../shared/schemas/community-events'
import { PlaceField } from '../../components/place'
import { placeFieldProps } from '../../components/place/form'
import { DateTimeField } from '../../components/ui/DateFields'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { choiceRow, NumberField, SelectField, TextAreaField, TextField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { communityKeys } from './api'
import { FormDialog, useSaveMutation } from './form-dialog'
import { ImageField } from './ImageField'

type EventFormValues = {
  title: string
  description: string
  startsAt: string
  address: string
  city: string
  district: string
  point: Point | null
  maxAttendees: number | null
  imageUrl: string | null
  kind: EventKind
  volunteersWanted: boolean
}

/**
 * Create an event (event null) or edit one the user organizes. Date and time are Sri Lanka time.
 * `kind`: what a new one is (the Dansal tab makes dansal stalls).
 */
export function EventFormDialog({
  event,
  kind = 'general',
  open,
  onOpenChange,
}: {
  event: Event | null
  kind?: EventKind
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
      point: event?.point ?? null,
      maxAttendees: event?.maxAttendees ?? null,
      imageUrl: event?.imageUrl ?? null,
      kind: event?.kind ?? kind,
      volunteersWanted: event?.volunteersWanted ?? false,
    },
  })
  const { errors } = form.formState

  const save = useSaveMutation<EventFormValues>({
    resource: 'events',
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
      <SelectField label={t('events.form.kind')} error={errors.kind} {...form.register('kind')}>
        <option value="general">{t('events.kinds.general')}</option>
        <option value="dansal">{t('events.kinds.dansal')}</option>
      </SelectField>
      <TextField
        label={t('events.form.title')}
        error={errors.title}
        maxLength={120}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('events.form.description')}
        error={errors.description}
        {...form.register('description')}
      />
      <DateTimeField
        label={t('events.form.startsAt')}
        hint={t('events.form.startsAtHint')}
        error={errors.startsAt}
        min={toEventInputValue(new Date())}
        {...form.register('startsAt')}
      />
      <PlaceField
        purpose="venue"
        {...placeFieldProps(form, { point: 'point', town: 'city', district: 'district' }, null)}
      />
      <TextField label={t('events.form.address')} error={errors.address} {...form.register('address')} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label={t('events.form.city')} error={errors.city} {...form.register('city')} />
        <SelectField label={t('events.form.district')} error={errors.district} {...form.register('district')}>
          <DistrictOptions placeholder={t('events.form.noDistrict')} />
        </SelectField>
      </div>
      <NumberField
        label={t('events.form.maxAttendees')}
        hint={t('events.form.maxAttendeesHint')}
        error={errors.maxAttendees}
        min={1}
        // The API takes a JSON number (or null for no limit), never the input's text.
        {...form.register('maxAttendees', {
          setValueAs: (v) => (v === '' || v == null ? null : Number(v)),
        })}
      />
      <label className={choiceRow}>
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          {...form.register('volunteersWanted')}
        />
        {t('events.form.volunteersWanted')}
      </label>
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
