import { Tabs } from 'radix-ui'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'wouter'
import type { Me } from '../../../shared/schemas/users'
import { PageLoading } from '../../components/layout/PageLoading'
import { Alert, Button } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { useDocumentTitle } from '../../lib/document-title'
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path'
import { dashboardPath, useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { authApi, useAuthOptions } from './api'
import { SignInForm } from './SignInForm'
import { SignUpForm } from './SignUpForm'

/** Only a Google sign-in without a role needs it: its dialog code is not part of the page's first visit. */
const CompleteSignUpDialog = lazy(() =>
  import('./CompleteSignUpDialog').then((m) => ({ default: m.CompleteSignUpDialog })),
)

type Mode = 'sign-in' | 'sign-up'

export function AuthPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('common.pages.auth.title'))
  const [, navigate] = useLocation()
  const [params] = useSearchParams()
  const me = useMe()
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in')
  const [notice, setNotice] = useState<string | undefined>()
  // The new account's e-mail, filled in on the sign-in form that follows sign-up.
  const [registeredEmail, setRegisteredEmail] = useState<string | undefined>()
  const providerError = params.get('error')
  // The page that sent the visitor here (a claim, a dashboard…), checked so it never leaves the site.
  const returnPath = safeReturnPath(params.get(RETURN_PARAM))

  // Signing in announces the user twice (the form's callback and the profile query): the page is
  // left once, or a late second navigation would undo what the next page did with its address.
  const left = useRef(false)
  const goOn = useCallback(
    (user: Me) => {
      if (left.current) return
      left.current = true
      navigate(returnPath ?? dashboardPath(user.role), { replace: true })
    },
    [navigate, returnPath],
  )

  // After signing up, the sign-in form and its 'account created' message are brought into view: the
  // reader was at the foot of the longer sign-up form.
  const card = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice) card.current?.scrollIntoView({ block: 'start' })
  }, [notice])

  // Back from Google, or already signed in: on once the profile is complete.
  useEffect(() => {
    if (me.data?.role) goOn(me.data)
  }, [me.data, goOn])

  if (me.isPending) return <PageLoading />
  if (me.data && !me.data.role)
    return (
      <Suspense fallback={<PageLoading />}>
        <CompleteSignUpDialog onCompleted={goOn} />
      </Suspense>
    )

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold text-gray-900">{t('common.pages.auth.title')}</h1>
      <p className="mt-2 text-center text-gray-600">{t('common.pages.auth.subtitle')}</p>
      <div
        ref={card}
        className="mt-8 scroll-mt-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8"
      >
        {providerError && (
          <div className="mb-4">
            <Alert tone="error">{t('auth.googleFailed')}</Alert>
          </div>
        )}
        <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
          <Tabs.List
            className="mb-6 grid grid-cols-2 rounded-lg bg-gray-100 p-1"
            aria-label={t('common.pages.auth.title')}
          >
            {(['sign-in', 'sign-up'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-md px-3 py-2 text-sm font-semibold text-gray-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow"
              >
                {value === 'sign-in' ? t('auth.signIn') : t('auth.signUp')}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="sign-in">
            <SignInForm notice={notice} email={registeredEmail} onSignedIn={goOn} />
          </Tabs.Content>
          <Tabs.Content value="sign-up">
            <SignUpForm
              onRegistered={(email) => {
                setRegisteredEmail(email)
                setNotice(t('auth.registered'))
                setMode('sign-in')
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
        <GoogleSignIn returnPath={returnPath} />
      </div>
    </div>
  )
}

/** Shown only when the server has Google configured; there is no Facebook sign-in. */
function GoogleSignIn({ returnPath }: { returnPath: string | null }) {
  const { t } = useTranslation()
  const options = useAuthOptions()
  const [status, setStatus] = useState<'idle' | 'redirecting' | 'failed'>('idle')
  const [message, setMessage] = useState<string>()
  if (!options.data?.google) return null

  async function start() {
    setStatus('redirecting')
    try {
      const { url } = await authApi.startGoogle(returnPath)
      window.location.assign(url)
    } catch (error) {
      setStatus('failed')
      setMessage(error instanceof ApiError ? error.message : t('auth.googleFailed'))
    }
  }

  return (
    <div className="mt-6 border-t border-gray-200 pt-6">
      <p className="mb-3 text-center text-sm text-gray-500">{t('auth.orContinueWith')}</p>
      <Button variant="secondary" className="w-full" onClick={start} disabled={status === 'redirecting'}>
        <svg aria-hidden viewBox="0 0 24 24" className="size-5">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {t('auth.google')}
      </Button>
      {status === 'redirecting' && (
        <p role="status" className="mt-2 text-center text-sm text-gray-600">
          {t('auth.redirectingToGoogle')}
        </p>
      )}
      {status === 'failed' && message && (
        <div className="mt-2">
          <Alert tone="error">{message}</Alert>
        </div>
      )}
    </div>
  )
}
