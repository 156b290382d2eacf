import { useQuery } from '@tanstack/react-query'
import type {
  CompleteSignUpInput,
  Me,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../shared/schemas/users'
import { api } from '../../lib/api'

export const authApi = {
  signUp: (input: SignUpInput) => api<{ ok: true }>('/api/users', { body: input }),
  signIn: (input: SignInInput) => api<Me>('/api/sessions', { body: input }),
  signOut: () => api<void>('/api/sessions/current', { method: 'DELETE' }),
  requestReset: (email: string) => api<{ ok: true }>('/api/password-resets', { body: { email } }),
  completeReset: (input: ResetPasswordInput) =>
    api<{ ok: true }>('/api/password-resets/complete', { body: input }),
  completeSignUp: (input: CompleteSignUpInput) => api<Me>('/api/me/complete-sign-up', { body: input }),
  /** Starts Google sign-in; resolves to the provider's URL to open. */
  startGoogle: () =>
    api<{ url: string }>('/api/auth/sign-in/social', {
      body: {
        provider: 'google',
        callbackURL: '/auth',
        errorCallbackURL: '/auth',
        newUserCallbackURL: '/auth',
      },
    }),
}

export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: () => api<{ google: boolean; devMailbox: boolean }>('/api/auth-options'),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
