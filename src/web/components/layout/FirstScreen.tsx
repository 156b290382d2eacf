import { useTranslation } from '../../lib/translation'
import { PageLoading } from './PageLoading'
import { FIRST_SCREEN_ID, serverFirstScreen as fromServer } from './server-first-screen'

export { FIRST_SCREEN_ID } from './server-first-screen'

/**
 * What the layout shows while the first page's code arrives (the pages' `loading`, main.tsx):
 * the page's top as the server wrote it, so that the title painted before any script stays in place;
 * else 'Loading…'. A reader whose own choice of language differs from the browser's (the server's
 * guess) sees 'Loading…' in their language. Later navigations keep the old page on screen instead.
 */
export function FirstPageLoading() {
  const { i18n } = useTranslation()
  if (!fromServer?.html || fromServer.language !== i18n.language) return <PageLoading />
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own render of catalog texts, read back from this very document; nothing a user wrote.
    <div id={FIRST_SCREEN_ID} dangerouslySetInnerHTML={{ __html: fromServer.html }} />
  )
}
