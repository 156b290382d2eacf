import type { ReactNode } from 'react'
import { BulletList } from '../../components/ui/BulletList'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useTextList } from '../../lib/use-text-list'

/** The date the policy texts last changed; shown as "Last updated" on /privacy and /terms. */
export const POLICIES_UPDATED = '2026-11-23'

export type TocEntry = { id: string; title: string }

/** A readable, narrow page: header, optional "On this page" links, then the sections. */
export function InfoPage({
  title,
  subtitle,
  intro,
  updated,
  toc,
  children,
}: {
  title: string
  subtitle: string
  intro: string
  updated?: string
  toc: TocEntry[]
  children: ReactNode
}) {
  const { t } = useTranslation()
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
          {toc.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="text-sm text-brand-800 underline-offset-2 hover:underline">
                {entry.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">{children}</div>
    </PageContainer>
  )
}

export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-b border-gray-200 py-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 break-words text-gray-700">{children}</div>
    </section>
  )
}

/** Sections that are a title plus a list, described by their catalog keys. */
export type ListSection = { id: string; title: string; items: string; text?: string }

export function ListSections({ sections }: { sections: ListSection[] }) {
  const { t } = useTranslation()
  const list = useTextList()
  return (
    <>
      {sections.map((section) => (
        <InfoSection key={section.id} id={section.id} title={t(section.title)}>
          <BulletList items={list(section.items)} />
          {section.text && <p>{t(section.text)}</p>}
        </InfoSection>
      ))}
    </>
  )
}
