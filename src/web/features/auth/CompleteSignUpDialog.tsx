import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type CompleteSignUpInput, completeSignUpSchema, type Me } from '../../../shared/schemas/users'
import { Dialog } from '../../components/ui/Dialog'
import { DistrictField } from '../../components/ui/DistrictOptions'
import { Alert, Button, TextField } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { ME_QUERY_KEY } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { authApi } from './api'
import { DonorTypeField } from './fields'
import { RolePicker } from './RolePicker'

/** A new Google user chooses a role and gives a location before anything else. */
export function CompleteSignUpDialog({ onCompleted }: { onCompleted: (me: Me) => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<CompleteSignUpInput>({
    resolver: zodResolver(completeSignUpSchema),
    defaultValues: { location: '' } as CompleteSignUpInput,
  })
  const { errors, isSubmitting } = form.formState
  const role = form.watch('role')
  const firstError = errors.role?.message ?? errors.location?.message

  async function onSubmit(values: CompleteSignUpInput) {
    setFailure(null)
    try {
      const me = await authApi.completeSignUp(values)
      queryClient.setQueryData(ME_QUERY_KEY, me)
      onCompleted(me)
    } catch (error) {
      const cause = error instanceof ApiError ? error.message : t('auth.unknownError')
      setFailure(t('auth.completeSignUpFailed', { cause }))
    }
  }

  return (
    <Dialog
      open
      onOpenChange={() => {}}
      dismissible={false}
      title={t('auth.completeSignUp')}
      description={t('auth.completeSignUpIntro')}
    >
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        {firstError === 'auth.errors.roleAndLocationRequired' && <Alert tone="error">{t(firstError)}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RolePicker name="complete-role" value={field.value} onChange={field.onChange} />
          )}
        />
        <TextField label={t('auth.fields.location')} required {...form.register('location')} />
        <DistrictField error={errors.district?.message} {...form.register('district')} />
        {role === 'donor' && (
          <DonorTypeField {...form.register('donorType', { setValueAs: (v) => v || undefined })} />
        )}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {t('auth.completeSignUp')}
        </Button>
      </form>
    </Dialog>
  )
}
