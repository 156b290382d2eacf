import { useTranslation } from '../../lib/translation'
import { PageLoading } from './PageLoading'

/**
 * The element of a page's HTML that holds the page's top as the build rendered it (src/web/first-screens.tsx,
 * docs/decisions/0042-first-screen-in-the-html.md).
 */
export const FIRST_SCREEN_ID = 'first-screen'

/** The server's copy of the page's top and its language, read before the app's first render replaces them. */
const fromServer =
  typeof document === 'undefined'
    ? undefined
    : {
        html: document.getElementById(FIRST_SCREEN_ID)?.innerHTML,
        language: document.documentElement.lang,
      }

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
