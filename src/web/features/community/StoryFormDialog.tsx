import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { STORY_CATEGORIES } from '../../../shared/reference-data'
import { type Story, type StoryInput, storyInputSchema } from '../../../shared/schemas/stories'
import { Field, inputClass } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { communityKeys } from './api'
import { FormDialog, useSaveMutation } from './form-dialog'
import { ImageField } from './ImageField'

/** Share a story (story null) or edit one's own. */
export function StoryFormDialog({
  story,
  open,
  onOpenChange,
}: {
  story: Story | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const form = useForm({
    resolver: zodResolver(storyInputSchema),
    defaultValues: {
      title: story?.title ?? '',
      category: story?.category ?? 'success',
      body: story?.body ?? '',
      imageUrl: story?.imageUrl ?? null,
    } satisfies StoryInput,
  })
  const { errors } = form.formState

  const save = useSaveMutation<StoryInput>({
    resource: 'stories',
    id: story?.id,
    invalidates: communityKeys.allStories,
    setError: form.setError,
    onSaved: () => onOpenChange(false),
  })

  return (
    <FormDialog
      title={story ? t('stories.form.editTitle') : t('stories.form.createTitle')}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={form.handleSubmit((values) => save.mutate({ ...values, imageUrl: values.imageUrl ?? null }))}
      save={save}
      submitLabel={story ? t('stories.form.save') : t('stories.form.submit')}
    >
      <Field label={t('stories.form.title')} error={errors.title?.message}>
        {(props) => <input {...props} {...form.register('title')} className={inputClass} maxLength={120} />}
      </Field>
      <Field label={t('stories.form.category')} error={errors.category?.message}>
        {(props) => (
          <select {...props} {...form.register('category')} className={inputClass}>
            {STORY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`stories.categories.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('stories.form.body')} error={errors.body?.message}>
        {(props) => <textarea {...props} {...form.register('body')} rows={6} className={inputClass} />}
      </Field>
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field }) => (
          <ImageField label={t('stories.form.image')} value={field.value} onChange={field.onChange} />
        )}
      />
    </FormDialog>
  )
}
