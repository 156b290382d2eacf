import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { forgotPasswordSchema } from '../../../shared/schemas/users'
import { Alert, EmailField, SubmitButton } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { ApiError } from '../../lib/api'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { authApi, useAuthOptions } from './api'
import { AuthLink } from './fields'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const options = useAuthOptions()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function onSubmit({ email }: { email: string }) {
    setResult(null)
    try {
      await authApi.requestReset(email)
      setResult({ tone: 'success', text: t('auth.resetSent') })
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429
      setResult({ tone: 'error', text: tooMany ? errorText(error) : t('auth.somethingWentWrong') })
    }
  }

  return (
    <PageContainer narrow>
      <PageHeader
        title={t('common.pages.forgotPassword.title')}
        subtitle={t('common.pages.forgotPassword.subtitle')}
      />
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="max-w-md space-y-4">
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        {result?.tone === 'success' && options.data?.devMailbox && (
          <p className="text-sm text-gray-600">
            {t('auth.devMailboxHint')}{' '}
            <Link to="/dev/mailbox" className="font-medium text-brand-700 underline">
              {t('mailbox.title')}
            </Link>
          </p>
        )}
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <SubmitButton className="w-full" busy={isSubmitting} busyLabel={t('auth.sending')}>
          {t('auth.sendResetLink')}
        </SubmitButton>
        <p className="text-center text-sm">
          <AuthLink to="/auth">{t('auth.backToSignIn')}</AuthLink>
        </p>
      </form>
    </PageContainer>
  )
}
