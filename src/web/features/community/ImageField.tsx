import { ImagePlus } from 'lucide-react'
import { useId, useState } from 'react'
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/schemas/uploads'
import { useTranslation } from '../../lib/translation'
import { uploadImage } from '../../lib/upload'
import { useErrorText } from '../../lib/use-error-text'

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
      const result = await uploadImage(file)
      onChange(result.url)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setUploading(false)
    }
  }

  return (
    <div>
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
