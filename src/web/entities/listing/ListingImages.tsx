import { Controller } from 'react-hook-form'
import { useTranslation } from '../../lib/translation'
import { ImagePicker } from './ImagePicker'
import type { ListingForm } from './ListingFields'

/**
 * The listing's photos (the wizard requires one). The form keeps its Next or Save disabled while
 * `onUploadingChange` says photos are uploading (UploadsRunning shows why).
 */
export function ListingImagesField({
  form,
  required,
  onUploadingChange,
}: {
  form: ListingForm
  required?: boolean
  onUploadingChange: (uploading: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Controller
      control={form.control}
      name="imageUrls"
      render={({ field, fieldState }) => (
        <ImagePicker
          label={t('listings.fields.images')}
          value={field.value}
          onChange={field.onChange}
          onUploadingChange={onUploadingChange}
          error={fieldState.error?.message}
          required={required}
        />
      )}
    />
  )
}

/**
 * Why the form's Next or Save is disabled: a live message while photos upload, empty otherwise (it
 * stays in the page, empty, so that screen readers announce the message when it comes).
 */
export function UploadsRunning({ id, uploading }: { id: string; uploading: boolean }) {
  const { t } = useTranslation()
  return (
    <p id={id} role="status" className="text-sm font-medium text-gray-800 [&:not(:empty)]:mt-2">
      {uploading ? t('listings.images.stillUploading') : ''}
    </p>
  )
}
