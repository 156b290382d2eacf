import { useEffect } from 'react'
import { useTranslation } from './translation'

/**
 * The browser tab's title, in the reader's language: "<page> · Ahara", or the brand and its promise
 * without a page title (home). index.html's English title is only what shows before the app starts.
 */
export function useDocumentTitle(pageTitle?: string) {
  const { t } = useTranslation()
  const title = pageTitle ? `${pageTitle} · ${t('common.appName')}` : t('common.documentTitle')
  useEffect(() => {
    document.title = title
  }, [title])
}
