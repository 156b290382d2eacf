import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { CircleCheck, Clock, Mail, MapPin, MessageCircle, Phone, Siren } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { type FieldError, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CONTACT_CATEGORIES, type ContactCategory } from '../../../shared/reference-data'
import {
  CONTACT_LIMITS,
  type ContactMessage,
  type ContactMessageInput,
  contactMessageSchema,
} from '../../../shared/schemas/contact'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { ApiError, api } from '../../lib/api'
import { formatDate } from '../../lib/format'
import { useErrorText } from '../../lib/use-error-text'
import { HOURS, SUPPORT_CONTACTS, telHref, whatsAppHref } from './support-contacts'

const EMPTY: ContactMessageInput = {
  name: '',
  email: '',
  category: '' as ContactCategory,
  subject: '',
  message: '',
}

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600'

/** A time of day on the 24-hour clock of Sri Lankan notices, in the reader's locale ("18:00"). */
function time(hour: number): string {
  return formatDate(new Date(2000, 0, 1, hour), { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
}

function isCategory(value: string | null): value is ContactCategory {
  return (CONTACT_CATEGORIES as readonly string[]).includes(value ?? '')
}

export function ContactPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.contact.title')} subtitle={t('common.pages.contact.subtitle')} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="space-y-6" aria-label={t('contact.channels.title')}>
          <SupportChannels />
          <Office />
          <Emergency />
        </aside>
      </div>
    </PageContainer>
  )
}

function ContactForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [searchParams] = useSearchParams()
  const preset = searchParams.get('category')
  const [sent, setSent] = useState(false)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { ...EMPTY, category: isCategory(preset) ? preset : EMPTY.category },
  })
  const send = useMutation({
    mutationFn: (body: ContactMessage) => api<{ id: string }>('/api/contact-messages', { body }),
    onSuccess: () => {
      reset(EMPTY)
      setSent(true)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [field, problem] of Object.entries(error.fields)) {
          if (field in EMPTY) setError(field as keyof ContactMessageInput, { message: problem.key })
        }
      }
    },
  })

  return (
    <section aria-labelledby="contact-form-title" className="rounded-lg border border-gray-200 p-4 sm:p-6">
      <h2 id="contact-form-title" className="text-xl font-semibold text-gray-900">
        {t('contact.form.title')}
      </h2>
      <p className="mt-1 text-gray-600">{t('contact.form.intro')}</p>
      {sent && (
        <p
          role="status"
          className="mt-4 flex gap-2 rounded-md border border-brand-600 bg-brand-50 p-3 text-brand-800"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t('contact.form.success')}
        </p>
      )}
      {send.isError && !(send.error instanceof ApiError && send.error.fields) && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          {errorText(send.error)}
        </p>
      )}
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit((values) => {
          setSent(false)
          send.mutate(values)
        })}
      >
        <Field label={t('contact.form.name')} error={errors.name}>
          {(props) => (
            <input {...props} {...register('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} />
          )}
        </Field>
        <Field label={t('contact.form.email')} error={errors.email}>
          {(props) => (
            <input
              {...props}
              {...register('email')}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
            />
          )}
        </Field>
        <Field label={t('contact.form.category')} error={errors.category} wide>
          {(props) => (
            <select {...props} {...register('category')}>
              <option value="">{t('contact.form.categoryPlaceholder')}</option>
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`contact.categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('contact.form.subject')} error={errors.subject} wide>
          {(props) => <input {...props} {...register('subject')} maxLength={CONTACT_LIMITS.subject} />}
        </Field>
        <Field
          label={t('contact.form.message')}
          error={errors.message}
          hint={t('contact.form.messageHint')}
          wide
        >
          {(props) => (
            <textarea {...props} {...register('message')} rows={6} maxLength={CONTACT_LIMITS.message} />
          )}
        </Field>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={send.isPending}
            className="w-full rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {send.isPending ? t('contact.form.sending') : t('contact.form.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}

type ControlProps = {
  id: string
  className: string
  required: true
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/** A labelled control with its hint and its error (an i18n key) read out with it. */
function Field({
  label,
  error,
  hint,
  wide = false,
  children,
}: {
  label: string
  error: FieldError | undefined
  hint?: string
  wide?: boolean
  children: (props: ControlProps) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
        <span aria-hidden className="text-red-700">
          {' '}
          *
        </span>
      </label>
      {children({
        id,
        className: inputClass,
        required: true,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(error.message)}
        </p>
      )}
    </div>
  )
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <div className="mt-0.5 break-words text-sm text-gray-700">{children}</div>
      </div>
    </div>
  )
}

const linkClass = 'font-medium text-brand-800 underline underline-offset-2'

function SupportChannels() {
  const { t } = useTranslation()
  const [from, to] = HOURS.channels
  const hours = { from: time(from), to: time(to) }
  return (
    <section aria-labelledby="channels-title" className="space-y-4 rounded-lg bg-gray-50 p-4 sm:p-6">
      <h2 id="channels-title" className="text-lg font-semibold text-gray-900">
        {t('contact.channels.title')}
      </h2>
      <InfoCard icon={<Mail className="size-5" aria-hidden />} title={t('contact.channels.email.title')}>
        <a href={`mailto:${SUPPORT_CONTACTS.email}`} className={linkClass}>
          {SUPPORT_CONTACTS.email}
        </a>
        <p>{t('contact.channels.email.availability')}</p>
      </InfoCard>
      <InfoCard icon={<Phone className="size-5" aria-hidden />} title={t('contact.channels.phone.title')}>
        <a href={telHref(SUPPORT_CONTACTS.phone)} className={linkClass}>
          {SUPPORT_CONTACTS.phone}
        </a>
        <p>{t('contact.channels.phone.availability', hours)}</p>
      </InfoCard>
      <InfoCard
        icon={<MessageCircle className="size-5" aria-hidden />}
        title={t('contact.channels.chat.title')}
      >
        <a
          href={whatsAppHref(SUPPORT_CONTACTS.whatsApp)}
          className={linkClass}
          target="_blank"
          rel="noreferrer"
        >
          {t('contact.channels.chat.action')}
        </a>
        <p>{t('contact.channels.chat.availability', hours)}</p>
      </InfoCard>
    </section>
  )
}

function Office() {
  const { t } = useTranslation()
  const rows = [
    { day: t('contact.office.weekdays'), hours: HOURS.weekdays },
    { day: t('contact.office.saturday'), hours: HOURS.saturday },
    { day: t('contact.office.sunday'), hours: HOURS.sunday },
  ]
  return (
    <section aria-labelledby="office-title" className="space-y-4 rounded-lg bg-gray-50 p-4 sm:p-6">
      <h2 id="office-title" className="text-lg font-semibold text-gray-900">
        {t('contact.office.title')}
      </h2>
      <InfoCard icon={<MapPin className="size-5" aria-hidden />} title={t('contact.office.name')}>
        <address className="not-italic">{t('contact.office.address')}</address>
      </InfoCard>
      <InfoCard icon={<Clock className="size-5" aria-hidden />} title={t('contact.office.hoursTitle')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows.map((row) => (
            <div key={row.day} className="contents">
              <dt>{row.day}</dt>
              <dd className="text-gray-900">
                {row.hours
                  ? t('contact.office.hours', { from: time(row.hours[0]), to: time(row.hours[1]) })
                  : t('contact.office.closed')}
              </dd>
            </div>
          ))}
        </dl>
      </InfoCard>
    </section>
  )
}

function Emergency() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="emergency-title"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 sm:p-6"
    >
      <h2 id="emergency-title" className="flex items-center gap-2 text-lg font-semibold text-red-900">
        <Siren className="size-5 shrink-0" aria-hidden />
        {t('contact.emergency.title')}
      </h2>
      <p className="text-sm text-red-900">{t('contact.emergency.text')}</p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium text-red-900">{t('contact.emergency.hotline')}</dt>
          <dd>
            <a
              href={telHref(SUPPORT_CONTACTS.emergencyPhone)}
              className="font-semibold text-red-800 underline"
            >
              {SUPPORT_CONTACTS.emergencyPhone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-red-900">{t('contact.emergency.email')}</dt>
          <dd className="break-words">
            <a
              href={`mailto:${SUPPORT_CONTACTS.emergencyEmail}`}
              className="font-semibold text-red-800 underline"
            >
              {SUPPORT_CONTACTS.emergencyEmail}
            </a>
          </dd>
        </div>
      </dl>
    </section>
  )
}
