import { Suspense } from 'react'
import { useRealtime } from '../../lib/realtime'
import { Outlet, ScrollRestoration } from '../../lib/router'
import { useTranslation } from '../../lib/translation'
import { RenderLater } from '../ui/RenderLater'
import { FirstPageLoading } from './FirstScreen'
import { Footer } from './Footer'
import { Header } from './Header'
import { Main } from './Main'
import { OfflineBanner } from './OfflineBanner'
import { SuspensionBanner } from './SuspensionBanner'
import { UpdatePrompt } from './UpdatePrompt'

export function AppLayout() {
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
        <Suspense fallback={<FirstPageLoading loading={<PageLoading />} />}>
          <Outlet />
        </Suspense>
      </Main>
      {/* Below the fold on every page (main is a screen tall): built after the page, in a task of its own. */}
      <RenderLater>
        <Footer />
      </RenderLater>
      <ScrollRestoration />
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

export function PageLoading() {
  const { t } = useTranslation()
  return (
    <p className="p-8 text-center text-gray-500" role="status">
      {t('common.loading')}
    </p>
  )
}
