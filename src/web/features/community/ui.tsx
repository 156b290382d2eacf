import { ImagePlus, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ACCEPTED_IMAGE_TYPES, type Upload } from '../../../shared/schemas/uploads'
import { api } from '../../lib/api'
import { useErrorText } from '../../lib/use-error-text'

/** A dialog (Radix) with a title and a close button; the content scrolls on small screens. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-lg flex-col rounded-lg bg-white shadow-xl sm:inset-x-4 sm:top-10 sm:bottom-auto sm:max-h-[85vh]"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-gray-500 hover:bg-gray-100"
              aria-label={t('community.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-brand-600 aria-[invalid=true]:border-red-600'

/** A labelled field with its error (an i18n key or text) announced to screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string
  error?: string
  hint?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  )
}

/** Picks an image, uploads it to /api/uploads (checked and resized by the server) and previews it. */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | null | undefined
  onChange: (url: string | null) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const id = useId()
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function upload(file: File) {
    setUploading(true)
    setError(null)
    try {
      const form = new FormData()
      form.append('file', file)
      const result = await api<Upload>('/api/uploads', { body: form })
      onChange(result.url)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className="mb-4">
      <span className="block text-sm font-medium text-gray-800">{label}</span>
      {value ? (
        <div className="relative mt-2 overflow-hidden rounded-md border border-gray-200">
          <img src={value} alt={t('community.imagePreview')} className="h-40 w-full object-cover" />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="absolute top-2 right-2 rounded-md bg-white/90 px-2 py-1 text-sm font-medium text-gray-800 shadow hover:bg-white"
          >
            {t('community.removeImage')}
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="mt-2 flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-dashed border-gray-300 px-4 py-6 text-sm text-gray-700 hover:border-brand-600"
        >
          <ImagePlus className="size-5" aria-hidden />
          {uploading ? t('community.uploading') : t('community.chooseImage')}
        </label>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="sr-only"
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void upload(file)
        }}
      />
      {error && (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** A profile photo, or the first letter of the name ('U' without a name). */
export function Avatar({
  name,
  url,
  size = 'md',
}: {
  name: string | null | undefined
  url: string | null | undefined
  size?: 'sm' | 'md' | 'lg'
}) {
  const box = size === 'sm' ? 'size-8 text-sm' : size === 'lg' ? 'size-16 text-2xl' : 'size-10 text-base'
  if (url) return <img src={url} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  const initial = name?.trim().charAt(0).toUpperCase() || 'U'
  return (
    <span
      aria-hidden
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initial}
    </span>
  )
}

export function LoadMore({
  hasMore,
  loading,
  onClick,
}: {
  hasMore: boolean
  loading: boolean
  onClick: () => void
}) {
  const { t } = useTranslation()
  if (!hasMore) return null
  return (
    <div className="mt-6 text-center">
      <button
        type="button"
        onClick={onClick}
        disabled={loading}
        className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60"
      >
        {loading ? t('common.loading') : t('community.loadMore')}
      </button>
    </div>
  )
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
      {t('community.loadError')}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        {t('community.retry')}
      </button>
    </div>
  )
}

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60'
