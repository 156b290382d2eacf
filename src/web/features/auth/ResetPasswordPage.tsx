import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation, useSearch } from 'wouter'
import { type ResetPasswordInput, resetPasswordSchema } from '../../../shared/schemas/users'
import { Alert, SubmitButton } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { ApiError } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/form-errors'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { authApi } from './api'
import { AuthLink, NewPasswordFields } from './fields'
import { readResetLink } from './reset-link'

const REDIRECT_MS = 2000

/** The router follows paths and queries, not fragments; a reset link may carry its token or error in one. */
function followHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

export function ResetPasswordPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [, navigate] = useLocation()
  const search = useSearch()
  const hash = useSyncExternalStore(followHash, () => window.location.hash)
  const link = useMemo(() => readResetLink(search, hash), [search, hash])
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const token = 'token' in link ? link.token : ''
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState
  const done = result?.tone === 'success'

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/auth', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  async function onSubmit(values: ResetPasswordInput) {
    setResult(null)
    try {
      await authApi.completeReset(values)
      setResult({ tone: 'success', text: t('auth.passwordUpdated') })
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError)) return
      setResult({
        tone: 'error',
        text: error instanceof ApiError ? errorText(error) : t('auth.passwordUpdateFailed'),
      })
    }
  }

  const linkProblem = 'token' in link ? null : linkProblemText(link)

  function linkProblemText(problem: Exclude<typeof link, { token: string }>): string {
    if (problem.error === 'expired') return t('auth.errors.resetLinkExpired')
    if (problem.error === 'missing') return t('auth.errors.noResetToken')
    return problem.description
  }

  return (
    <PageContainer narrow>
      <PageHeader
        title={t('common.pages.resetPassword.title')}
        subtitle={t('common.pages.resetPassword.subtitle')}
      />
      <div className="max-w-md space-y-4">
        {linkProblem ? (
          <Alert tone="error">{linkProblem}</Alert>
        ) : (
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
            {result && <Alert tone={result.tone}>{result.text}</Alert>}
            <NewPasswordFields
              label={t('auth.fields.newPassword')}
              password={form.register('password')}
              confirm={form.register('confirmPassword')}
              errors={errors}
            />
            <SubmitButton
              className="w-full"
              busy={isSubmitting}
              busyLabel={t('auth.updating')}
              disabled={done}
            >
              {t('auth.updatePassword')}
            </SubmitButton>
          </form>
        )}
        <div className="flex justify-between text-sm">
          <AuthLink to="/auth">{t('auth.backToSignIn')}</AuthLink>
          <AuthLink to="/forgot-password">{t('auth.sendNewResetLink')}</AuthLink>
        </div>
      </div>
    </PageContainer>
  )
}
