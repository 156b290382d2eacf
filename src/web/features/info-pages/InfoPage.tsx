import type { ReactNode } from 'react'
import { BulletList } from '../../components/ui/BulletList'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useTextList } from '../../lib/use-text-list'

/** The date the policy texts last changed; shown as "Last updated" on /privacy and /terms. */
export const POLICIES_UPDATED = '2026-11-23'

/**
 * A section of an info page, by its catalog keys: its title, then a list, a text or both (the list
 * first); or what the page draws itself (`content`).
 */
export type InfoPageSection = {
  id: string
  title: string
  items?: string
  text?: string
  content?: ReactNode
}

/**
 * A readable, narrow page: header, "On this page" links to its sections, then the sections, all
 * drawn from the one list of them.
 */
export function InfoPage({
  title,
  subtitle,
  intro,
  updated,
  sections,
}: {
  title: string
  subtitle: string
  intro: string
  updated?: string
  sections: InfoPageSection[]
}) {
  const { t } = useTranslation()
  const list = useTextList()
  return (
    <PageContainer narrow>
      <PageHeader title={title} subtitle={subtitle} />
      {updated && (
        <p className="-mt-6 mb-6 text-sm text-gray-500">
          {t('info-pages.lastUpdated', { date: formatDate(updated, { dateStyle: 'long' }) })}
        </p>
      )}
      <p className="text-lg text-gray-700">{intro}</p>
      <nav aria-labelledby="toc-title" className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <h2 id="toc-title" className="text-sm font-semibold text-gray-900">
          {t('info-pages.onThisPage')}
        </h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-sm text-brand-800 underline-offset-2 hover:underline"
              >
                {t(section.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        {sections.map((section) => (
          <InfoSection key={section.id} id={section.id} title={t(section.title)}>
            {section.items && <BulletList items={list(section.items)} />}
            {section.text && <p>{t(section.text)}</p>}
            {section.content}
          </InfoSection>
        ))}
      </div>
    </PageContainer>
  )
}

function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-b border-gray-200 py-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 break-words text-gray-700">{children}</div>
    </section>
  )
}
