import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { CircleCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'wouter'
import { CONTACT_CATEGORIES, type ContactCategory } from '../../../shared/reference-data'
import {
  CONTACT_LIMITS,
  type ContactMessage,
  type ContactMessageInput,
  contactMessageSchema,
} from '../../../shared/schemas/contact'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../lib/form-errors'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { contactApi } from './api'
import { ContactField } from './ContactField'

const EMPTY: ContactMessageInput = {
  name: '',
  email: '',
  category: '' as ContactCategory,
  subject: '',
  message: '',
}

function isCategory(value: string | null): value is ContactCategory {
  return (CONTACT_CATEGORIES as readonly string[]).includes(value ?? '')
}

/** The message form; a link may preset its category (`/contact?category=...`). */
export function ContactForm() {
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
    mutationFn: contactApi.send,
    onSuccess: () => {
      reset(EMPTY)
      setSent(true)
    },
    onError: (error) => {
      applyServerFieldErrors(error, setError)
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
      {send.isError && !hasServerFieldErrors(send.error) && (
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
        <ContactField label={t('contact.form.name')} error={errors.name}>
          {(props) => (
            <input {...props} {...register('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} />
          )}
        </ContactField>
        <ContactField label={t('contact.form.email')} error={errors.email}>
          {(props) => (
            <input
              {...props}
              {...register('email')}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
            />
          )}
        </ContactField>
        <ContactField label={t('contact.form.category')} error={errors.category} wide>
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
        </ContactField>
        <ContactField label={t('contact.form.subject')} error={errors.subject} wide>
          {(props) => <input {...props} {...register('subject')} maxLength={CONTACT_LIMITS.subject} />}
        </ContactField>
        <ContactField
          label={t('contact.form.message')}
          error={errors.message}
          hint={t('contact.form.messageHint')}
          wide
        >
          {(props) => (
            <textarea {...props} {...register('message')} rows={6} maxLength={CONTACT_LIMITS.message} />
          )}
        </ContactField>
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
