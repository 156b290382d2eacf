import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import type { Me } from '../../../shared/schemas/users'
import { Alert, buttonClass } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { ApiError } from '../../lib/api'
import { dashboardPath, ME_QUERY_KEY } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { authApi } from './api'

type Outcome = { tone: 'success' | 'error'; text: string; next: string }

/**
 * Opens a link mailed to the reader: sends its token once (a second click, or React's second effect,
 * must not spend a one-time link twice), then says what happened and where to go on.
 */
function useMailedLink(open: (token: string) => Promise<Outcome>) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    open(token).then(setOutcome, (error: unknown) =>
      setOutcome({
        tone: 'error',
        text: error instanceof ApiError ? errorText(error) : t('auth.somethingWentWrong'),
        next: '/auth',
      }),
    )
  }, [open, token, errorText, t])
  return outcome
}

function LinkOutcome({ title, busy, outcome }: { title: string; busy: string; outcome: Outcome | null }) {
  const { t } = useTranslation()
  return (
    <PageContainer narrow>
      <PageHeader title={title} />
      <div className="max-w-md space-y-4">
        {outcome ? (
          <>
            <Alert tone={outcome.tone}>{outcome.text}</Alert>
            <Link to={outcome.next} className={buttonClass('primary')}>
              {t('auth.verifyEmail.continue')}
            </Link>
          </>
        ) : (
          <p role="status" className="text-sm text-gray-700">
            {busy}
          </p>
        )}
      </div>
    </PageContainer>
  )
}

/** /verify-email?token=…: the link of the verification mail (docs/decisions/0057-proved-email-and-sign-in-links.md). */
export function VerifyEmailPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [open] = useState(() => async (token: string): Promise<Outcome> => {
    await authApi.confirmEmail(token)
    // The banner asking to verify goes; a listed moderator's role may have changed.
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })
    const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY)
    return {
      tone: 'success',
      text: t('auth.verifyEmail.confirmed'),
      next: me ? dashboardPath(me.role) : '/auth',
    }
  })
  const outcome = useMailedLink(open)
  return (
    <LinkOutcome
      title={t('auth.verifyEmail.title')}
      busy={t('auth.verifyEmail.confirming')}
      outcome={outcome}
    />
  )
}

/** /sign-in-link?token=…: signs this device in with the link mailed to the account. */
export function SignInLinkPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [open] = useState(() => async (token: string): Promise<Outcome> => {
    const me = await authApi.signInWithLink(token)
    queryClient.setQueryData(ME_QUERY_KEY, me)
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] })
    return { tone: 'success', text: t('auth.signInLink.signedIn'), next: dashboardPath(me.role) }
  })
  const outcome = useMailedLink(open)
  return (
    <LinkOutcome title={t('auth.signInLink.title')} busy={t('auth.signInLink.signingIn')} outcome={outcome} />
  )
}
