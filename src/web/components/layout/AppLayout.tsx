import { lazy, type ReactNode, Suspense } from 'react'
import { useRealtime } from '../../lib/realtime'
import { useTranslation } from '../../lib/translation'
import { RenderLater } from '../ui/RenderLater'
import { Header } from './Header'
import { Main } from './Main'
import { OfflineBanner } from './OfflineBanner'
import { SuspensionBanner } from './SuspensionBanner'
import { UpdatePrompt } from './UpdatePrompt'

/**
 * Below the fold on every page (main is a screen tall): its code, and the site options it asks the API
 * for, come after the page's (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })))

/** Header, banners and footer around the page in `children`. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('common.skipToContent')}
      </a>
      <Header />
      <Main>
        <SuspensionBanner />
        <OfflineBanner />
        <UpdatePrompt />
        {children}
      </Main>
      {/* Below the fold on every page (main is a screen tall): built after the page, in a task of its own. */}
      <RenderLater>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </RenderLater>
      <RealtimeUpdates />
    </div>
  )
}

/**
 * Follows the server's events (lib/realtime.ts). A component of its own: the session it reads
 * arrives after the first render, and the header, page and footer need not render again for it.
 */
function RealtimeUpdates() {
  useRealtime()
  return null
}
