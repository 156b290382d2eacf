import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'wouter'
import { accountDeletionFormSchema, type DeletionConfirmation } from '../../../shared/schemas/my-data'
import { BulletList } from '../../components/ui/BulletList'
import { Dialog } from '../../components/ui/Dialog'
import { Alert, Button, PasswordField, SubmitButton, TextField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useTextList } from '../../lib/use-text-list'
import { DATA_PATH, profileApi } from './api'

/** Where a deleted account lands, signed out (routes.tsx). */
const ACCOUNT_DELETED_PATH = '/account-deleted'

/** Loaded when the reader asks to delete their account (MyData.tsx): its form code is not part of the profile's first visit. */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation()
  const list = useTextList()
  const confirmation = useQuery({
    queryKey: ['me', 'deletion'],
    queryFn: profileApi.deletion,
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('profile.deletion.title')}
      description={t('profile.deletion.description')}
      size="lg"
    >
      <div className="space-y-4 text-sm text-gray-700">
        <div>
          <h3 className="font-semibold text-gray-900">{t('profile.deletion.erasedTitle')}</h3>
          <BulletList items={list('profile.deletion.erased')} />
        </div>
        <div>
          <h3 className="font-semibold text-gray-900">{t('profile.deletion.endedTitle')}</h3>
          <BulletList items={list('profile.deletion.ended')} />
        </div>
        <div>
          <h3 className="font-semibold text-gray-900">{t('profile.deletion.keptTitle')}</h3>
          <p>{t('profile.deletion.kept')}</p>
        </div>
        <p>
          <a href={DATA_PATH} download className="font-medium text-brand-700 underline">
            {t('profile.deletion.downloadFirst')}
          </a>
        </p>
        {confirmation.data && (
          <ConfirmForm confirmWith={confirmation.data.confirmWith} email={email} onCancel={onClose} />
        )}
        {confirmation.isError && <Alert tone="error">{t('profile.deletion.failed')}</Alert>}
      </div>
    </Dialog>
  )
}

function ConfirmForm({
  confirmWith,
  email,
  onCancel,
}: {
  confirmWith: DeletionConfirmation['confirmWith']
  email: string
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [, navigate] = useLocation()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<{ secret: string }>({
    resolver: zodResolver(accountDeletionFormSchema(confirmWith)),
    defaultValues: { secret: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function onSubmit({ secret }: { secret: string }) {
    setFailure(null)
    try {
      await profileApi.deleteAccount(confirmWith === 'password' ? { password: secret } : { email: secret })
      // The next page forgets what was cached (AccountDeletedPage): forgotten here, the profile still
      // on screen would send its signed-out reader to sign in first.
      navigate(ACCOUNT_DELETED_PATH, { replace: true })
    } catch (error) {
      setFailure(errorText(error))
    }
  }

  const fieldError = errors.secret?.message
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {confirmWith === 'password' ? (
        <PasswordField
          label={t('profile.deletion.passwordLabel')}
          autoComplete="current-password"
          error={fieldError}
          {...form.register('secret')}
        />
      ) : (
        <TextField
          label={t('profile.deletion.emailLabel', { email })}
          type="email"
          autoComplete="off"
          error={fieldError}
          {...form.register('secret')}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('forms.cancel')}
        </Button>
        <SubmitButton variant="danger" busy={isSubmitting} busyLabel={t('profile.deletion.deleting')}>
          {t('profile.deletion.confirm')}
        </SubmitButton>
      </div>
    </form>
  )
}
