import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/translation'

/**
 * Home's title and promise, with the page's buttons below them (`children`). The page's HTML has it
 * without the buttons, before any script (src/web/first-screens.tsx): they come with the page, below,
 * where they move nothing.
 */
export function HomeHero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:py-20">
        {/* Smaller on phones: at 36 px a Tamil word is wider than a 360 px screen and would break inside. */}
        <h1 className="text-balance break-words text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl">
          {t('home.hero.title')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">{t('home.hero.subtitle')}</p>
        {children}
      </div>
    </section>
  )
}
