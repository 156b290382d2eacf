import { ImagePlus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { MAX_LISTING_IMAGES } from '../../../shared/reference-data'
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/schemas/uploads'
import { ApiError } from '../../lib/api'
import { shrinkImage } from '../../lib/shrink-image'
import { useTranslation } from '../../lib/translation'
import { isAbortError, uploadImage } from '../../lib/upload'
import { useErrorText } from '../../lib/use-error-text'

type Pending = {
  key: string
  name: string
  /** Null while the photo is being shrunk (the bar runs without a figure), then the upload's percent. */
  progress: number | null
  preview: string
  upload: AbortController
}

/** The stored thumbnail beside an uploaded image (same name with -thumb). */
export const thumbnailUrl = (url: string) => url.replace(/\.webp$/, '-thumb.webp')

/**
 * Images of a listing: shrinks each chosen photo in the browser and uploads it at once with a progress
 * bar and a Cancel, shows previews, and lets the donor remove any; at most 3 in total (existing ones
 * included). `onUploadingChange` tells the form whether uploads are running, so that it waits for them.
 */
export function ImagePicker({
  value,
  onChange,
  onUploadingChange,
  label,
  error,
  required = false,
}: {
  value: string[]
  onChange: (urls: string[]) => void
  onUploadingChange?: (uploading: boolean) => void
  label: string
  error?: string
  required?: boolean
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState<Pending[]>([])
  const [uploadError, setUploadError] = useState<string | null>(null)
  // Uploads finish one by one; the latest list is kept here so none overwrites another.
  const latest = useRef(value)
  latest.current = value
  const room = MAX_LISTING_IMAGES - value.length - pending.length
  const uploading = pending.length > 0

  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange])

  // Closing the form stops its uploads: nothing would receive them.
  const running = useRef<Pending[]>([])
  running.current = pending
  useEffect(
    () => () => {
      for (const p of running.current) p.upload.abort()
    },
    [],
  )

  const drop = (key: string) => setPending((list) => list.filter((p) => p.key !== key))

  function cancel(p: Pending) {
    p.upload.abort()
    drop(p.key)
  }

  async function onFiles(files: FileList | null) {
    setUploadError(null)
    const chosen = Array.from(files ?? []).slice(0, Math.max(0, room))
    if (files && files.length > chosen.length) setUploadError(t('listings.errors.tooManyImages'))
    if (inputRef.current) inputRef.current.value = ''
    await Promise.all(
      chosen.map(async (file) => {
        const key = `${file.name}-${Math.random()}`
        const preview = URL.createObjectURL(file)
        const upload = new AbortController()
        setPending((list) => [...list, { key, name: file.name, progress: null, preview, upload }])
        try {
          const small = await shrinkImage(file, upload.signal)
          const stored = await uploadImage(
            small,
            (progress) => setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p))),
            upload.signal,
          )
          latest.current = [...latest.current, stored.url]
          onChange(latest.current)
        } catch (caught) {
          if (isAbortError(caught)) return
          // The server's upload messages already read 'Failed to upload image: ...'.
          const own = caught instanceof ApiError && caught.key?.startsWith('uploads.')
          setUploadError(own ? errorText(caught) : t('uploads.errors.failed', { detail: errorText(caught) }))
        } finally {
          URL.revokeObjectURL(preview)
          drop(key)
        }
      }),
    )
  }

  return (
    <fieldset>
      <legend className="block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </legend>
      <p className="mt-1 text-xs text-gray-600">{t('listings.images.hint')}</p>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:max-w-md">
        {value.map((url, index) => (
          <li key={url} className="relative">
            <img
              src={thumbnailUrl(url)}
              alt={t('listings.images.preview', { n: index + 1 })}
              className="aspect-square w-full rounded-md object-cover"
            />
            <button
              type="button"
              onClick={() => onChange(value.filter((u) => u !== url))}
              className="group absolute right-0 top-0 flex size-11 items-center justify-center text-gray-800"
              aria-label={t('listings.images.remove', { n: index + 1 })}
            >
              {/* A small round mark on the photo; the whole 44 px corner takes the tap. */}
              <span className="rounded-full bg-white/90 p-1 shadow group-hover:bg-white">
                <X className="size-4" aria-hidden />
              </span>
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.key} className="relative">
            <img src={p.preview} alt="" className="aspect-square w-full rounded-md object-cover opacity-60" />
            <button
              type="button"
              onClick={() => cancel(p)}
              className="group absolute right-0 top-0 flex size-11 items-center justify-center text-gray-800"
              aria-label={t('listings.images.cancelUpload', { name: p.name })}
            >
              <span className="rounded-full bg-white/90 p-1 shadow group-hover:bg-white">
                <X className="size-4" aria-hidden />
              </span>
            </button>
            <div className="absolute inset-x-1 bottom-1">
              <progress
                className="h-2 w-full accent-brand-600"
                max={100}
                value={p.progress ?? undefined}
                aria-label={t('listings.images.uploading', { name: p.name })}
              />
            </div>
          </li>
        ))}
      </ul>
      {room > 0 && (
        <div className="mt-2">
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-dashed border-brand-600 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-within:outline focus-within:outline-3 focus-within:outline-amber-500"
          >
            <ImagePlus className="size-4" aria-hidden />
            {t('listings.images.add', { count: room, n: room })}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              multiple
              className="sr-only"
              onChange={(event) => void onFiles(event.target.files)}
            />
          </label>
        </div>
      )}
      {(uploadError || error) && (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {uploadError ?? (error ? t(error) : '')}
        </p>
      )}
    </fieldset>
  )
}
