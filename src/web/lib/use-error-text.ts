import { ApiError } from './api'
import { useTranslation } from './translation'

/** Turns any thrown error into text in the user's language. */
export function useErrorText() {
  const { t, i18n } = useTranslation()
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.key && i18n.exists(error.key)) return t(error.key, error.params)
      return error.message
    }
    return t('errors.internal')
  }
}
