import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ROLES } from '../../../shared/reference-data'
import { type Me, type SignInInput, signInSchema } from '../../../shared/schemas/users'
import { Alert, Button, EmailField, PasswordField, SubmitButton } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { ME_QUERY_KEY } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { authApi } from './api'
import { AuthLink } from './fields'

/** Signs in, then hands the user to the page (which routes by role); `email`: the account just made. */
export function SignInForm({
  notice,
  email = '',
  onSignedIn,
}: {
  notice?: string
  email?: string
  onSignedIn: (me: Me) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  // A limit made this sign-in wait: the owner can get in by their mailbox instead
  // (docs/decisions/0057-proved-email-and-sign-in-links.md).
  const [linkOffer, setLinkOffer] = useState<'offered' | 'sending' | 'sent' | null>(null)
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function onSubmit(values: SignInInput) {
    setFailure(null)
    setLinkOffer(null)
    try {
      const me = await authApi.signIn(values)
      // A password account always gets its role at sign-up: without one, its profile is gone.
      if (!me.role) {
        await authApi.signOut()
        setFailure(t('auth.errors.profileNotFound'))
        return
      }
      queryClient.setQueryData(ME_QUERY_KEY, me)
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] })
      if (!(ROLES as readonly string[]).includes(me.role)) {
        setFailure(t('auth.errors.invalidUserType'))
        return
      }
      onSignedIn(me)
    } catch (error) {
      setFailure(error instanceof ApiError ? errorText(error) : t('auth.errors.authenticationFailed'))
      if (error instanceof ApiError && error.status === 429) setLinkOffer('offered')
    }
  }

  async function sendSignInLink() {
    setLinkOffer('sending')
    try {
      await authApi.requestSignInLink(form.getValues('email'))
      setLinkOffer('sent')
    } catch (error) {
      setLinkOffer('offered')
      setFailure(error instanceof ApiError ? errorText(error) : t('auth.somethingWentWrong'))
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {notice && <Alert tone="success">{notice}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {linkOffer === 'sent' ? (
        <Alert tone="success">{t('auth.signInLink.sent')}</Alert>
      ) : (
        linkOffer && (
          <div
            className="space-y-2 rounded-md border border-gray-200 p-3 text-sm"
            data-testid="sign-in-link-offer"
          >
            <p>{t('auth.signInLink.offer')}</p>
            <Button
              variant="secondary"
              className="w-full"
              disabled={linkOffer === 'sending'}
              onClick={sendSignInLink}
            >
              {linkOffer === 'sending' ? t('auth.sending') : t('auth.signInLink.send')}
            </Button>
          </div>
        )
      )}
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="text-right text-sm">
        <AuthLink to="/forgot-password">{t('auth.forgotLink')}</AuthLink>
      </div>
      <SubmitButton className="w-full" busy={isSubmitting} busyLabel={t('auth.signingIn')}>
        {t('auth.signIn')}
      </SubmitButton>
    </form>
  )
}
