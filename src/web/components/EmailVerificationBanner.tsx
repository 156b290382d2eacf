import { useState } from 'react'
import type { Me } from '../../shared/schemas/users'
import { ApiError } from '../lib/api'
import { resendEmailVerification } from '../lib/session'
import { useTranslation } from '../lib/translation'
import { useErrorText } from '../lib/use-error-text'
import { Alert, Button } from './ui/form'

/**
 * Asks an account whose e-mail is not proved yet to open the link mailed at sign-up, with a button
 * that sends it again (docs/decisions/0057-proved-email-and-sign-in-links.md). Nothing once proved.
 */
export function EmailVerificationBanner({ me, className = '' }: { me: Me; className?: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  if (me.emailVerified) return null

  async function resend() {
    setState('sending')
    setFailure(null)
    try {
      await resendEmailVerification()
      setState('sent')
    } catch (error) {
      setState('idle')
      setFailure(error instanceof ApiError ? errorText(error) : t('auth.somethingWentWrong'))
    }
  }

  return (
    <div className={`space-y-2 ${className}`} data-testid="email-verification-banner">
      <Alert tone="info">
        <p className="break-words">{t('auth.verifyEmail.banner', { email: me.email })}</p>
        {state === 'sent' ? (
          <p className="mt-2 font-medium">{t('auth.verifyEmail.resent')}</p>
        ) : (
          <Button variant="secondary" className="mt-2" disabled={state === 'sending'} onClick={resend}>
            {state === 'sending' ? t('auth.sending') : t('auth.verifyEmail.resend')}
          </Button>
        )}
      </Alert>
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  )
}
