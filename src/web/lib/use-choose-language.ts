import { useQueryClient } from '@tanstack/react-query'
import type { Language } from '../../shared/reference-data'
import type { Me } from '../../shared/schemas/users'
import { api } from './api'
import { changeLanguage } from './i18n'
import { ME_QUERY_KEY } from './session'

/**
 * Shows the app in `language` and, for a signed-in user, makes it their profile's language too: the
 * bell, e-mail, push and SMS then speak it (docs/decisions/0053-the-language-people-read.md). The
 * switcher and the profile's setting both choose through here, so they never disagree.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient()
  return async (language: Language) => {
    await changeLanguage(language)
    const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY)
    // Picking marks the language chosen, even the one the device gave (docs/decisions/0064-the-reader-language-wins.md).
    if (!me || (me.language === language && me.languageChosen)) return
    const updated = await api<Me>('/api/me', { method: 'PATCH', body: { language } })
    queryClient.setQueryData(ME_QUERY_KEY, updated)
  }
}
