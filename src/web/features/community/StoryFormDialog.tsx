import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Controller, type FieldPath, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { STORY_CATEGORIES } from '../../../shared/reference-data'
import { type Story, type StoryInput, storyInputSchema } from '../../../shared/schemas/stories'
import { Dialog } from '../../components/ui/Dialog'
import { buttonClass, Field, inputClass } from '../../components/ui/form'
import { ApiError, api } from '../../lib/api'
import { useErrorText } from '../../lib/use-error-text'
import { ImageField } from './ImageField'
import { communityKeys } from './queries'

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
  const errorText = useErrorText()
  const queryClient = useQueryClient()
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

  const save = useMutation({
    mutationFn: (input: StoryInput) =>
      story
        ? api<Story>(`/api/stories/${story.id}`, { method: 'PUT', body: input })
        : api<Story>('/api/stories', { method: 'POST', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.allStories })
      onOpenChange(false)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [name, field] of Object.entries(error.fields)) {
          form.setError(name as FieldPath<StoryInput>, { message: field.key })
        }
      }
    },
  })

  return (
    <Dialog
      size="lg"
      open={open}
      onOpenChange={onOpenChange}
      title={story ? t('stories.form.editTitle') : t('stories.form.createTitle')}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          save.mutate({ ...values, imageUrl: values.imageUrl ?? null }),
        )}
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
            {save.isPending
              ? t('community.saving')
              : story
                ? t('stories.form.save')
                : t('stories.form.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
