import type {
  CompleteSignUpInput,
  Me,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../shared/schemas/users'
import { api } from '../../lib/api'
import { changeLanguage, currentLanguage } from '../../lib/i18n'
import { unsubscribeThisDevice } from '../../lib/push'
import { googleReturnPath } from '../../lib/return-path'
import { forgetStoredApiAnswers } from '../../lib/service-worker'
import { useSiteOptions } from '../../lib/site-options'

export const authApi = {
  signUp: (input: SignUpInput) => api<{ ok: true }>('/api/users', { body: input }),
  /**
   * Forgets what an earlier session stored on this phone (docs/decisions/0033-offline-pwa.md). The
   * language the person chose (switcher or profile) wins; until they choose, the reader's language
   * on this device wins and becomes the account's (docs/decisions/0064-the-reader-language-wins.md).
   */
  signIn: (input: SignInInput) =>
    api<Me>('/api/sessions', { body: input }).then(async (me) => {
      await forgetStoredApiAnswers()
      const reading = currentLanguage()
      if (me.languageChosen) {
        if (me.language !== reading) await changeLanguage(me.language)
        return me
      }
      if (me.language === reading) return me
      return api<Me>('/api/me', { method: 'PATCH', body: { readerLanguage: reading } })
    }),
  /**
   * Also forgets the stored answers of the account's session on this phone (docs/decisions/0033-offline-pwa.md)
   * and stops its pushes: the next person on this phone must not see the account's notifications
   * (docs/decisions/0034-web-push.md).
   */
  signOut: () =>
    unsubscribeThisDevice()
      .catch(() => {})
      .then(() => api<void>('/api/sessions/current', { method: 'DELETE' }))
      .finally(forgetStoredApiAnswers),
  requestReset: (email: string) => api<{ ok: true }>('/api/password-resets', { body: { email } }),
  /** A one-time sign-in link by e-mail (docs/decisions/0057-proved-email-and-sign-in-links.md). */
  requestSignInLink: (email: string) => api<{ ok: true }>('/api/sign-in-links', { body: { email } }),
  /** Signs this device in with a sign-in link's token, as a sign-in with the password does. */
  signInWithLink: (token: string) =>
    api<Me>('/api/sign-in-links/confirm', { body: { token } }).then(async (me) => {
      await forgetStoredApiAnswers()
      if (me.language !== currentLanguage()) await changeLanguage(me.language)
      return me
    }),
  confirmEmail: (token: string) => api<{ ok: true }>('/api/email-verifications/confirm', { body: { token } }),
  completeReset: (input: ResetPasswordInput) =>
    api<{ ok: true }>('/api/password-resets/complete', { body: input }),
  completeSignUp: (input: CompleteSignUpInput) => api<Me>('/api/me/complete-sign-up', { body: input }),
  /** Starts Google sign-in; resolves to the provider's URL to open. Back on /auth, then on to returnPath. */
  startGoogle: (returnPath: string | null) => {
    const back = googleReturnPath(returnPath)
    return api<{ url: string }>('/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: back, errorCallbackURL: back, newUserCallbackURL: back },
    })
  },
}

export const useAuthOptions = useSiteOptions
