import { BookOpen, LifeBuoy, MessageCircle, Users } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { BulletList } from '../../components/ui/BulletList'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { SearchBox } from '../../components/ui/SearchBox'
import { Section } from '../../components/ui/Section'
import { intlLocale } from '../../lib/i18n'
import { useTranslation } from '../../lib/translation'
import { useTextList } from '../../lib/use-text-list'
import { FAQS, filterFaqs, HELP_TOPICS, type HelpTopic } from './faq'

const GUIDE_ROLES = [
  { id: 'donors', title: 'help.guide.donors.title', steps: 'help.guide.donors.steps' },
  { id: 'recipients', title: 'help.guide.recipients.title', steps: 'help.guide.recipients.steps' },
  { id: 'volunteers', title: 'help.guide.volunteers.title', steps: 'help.guide.volunteers.steps' },
]

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-center'

export function HelpPage() {
  const { t } = useTranslation()
  const list = useTextList()
  const [query, setQuery] = useState('')
  const [topic, setTopic] = useState<HelpTopic>('all')

  // Eight entries: filtering them on each render costs nothing and follows the language at once.
  const translated = FAQS.map((faq) => ({ ...faq, question: t(faq.question), answer: t(faq.answer) }))
  const results = filterFaqs(translated, query, topic, intlLocale())
  const searching = query.trim() !== ''

  return (
    <PageContainer>
      <PageHeader title={t('common.pages.help.title')} subtitle={t('common.pages.help.subtitle')} />

      <div className="mx-auto max-w-3xl">
        <search>
          <SearchBox
            large
            label={t('help.searchLabel')}
            placeholder={t('help.searchPlaceholder')}
            value={query}
            onChange={setQuery}
          />
        </search>

        <fieldset className="mt-4">
          <legend className="sr-only">{t('help.filterLabel')}</legend>
          <div className="flex flex-wrap gap-2">
            {HELP_TOPICS.map((entry) => (
              <button
                key={entry.id}
                type="button"
                aria-pressed={topic === entry.id}
                onClick={() => setTopic(entry.id)}
                className={`min-h-11 rounded-full border px-3 py-1.5 text-sm font-medium ${
                  topic === entry.id
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-100'
                }`}
              >
                {t(entry.label)}
              </button>
            ))}
          </div>
        </fieldset>

        <Section
          headingId="faq-title"
          title={t('help.faqTitle')}
          headingClassName="text-xl font-semibold text-gray-900"
          beside={
            <p className="text-sm text-gray-600" aria-live="polite">
              {t('help.resultCount', { count: results.length })}
            </p>
          }
          className="mt-8"
        >
          {results.length === 0 ? (
            <div className="mt-4 rounded-lg border border-dashed border-gray-300 p-8 text-center">
              <p className="text-lg font-semibold text-gray-900">{t('help.noResults')}</p>
              <p className="mt-1 text-gray-600">{t('help.noResultsHint')}</p>
              <button
                type="button"
                onClick={() => {
                  setQuery('')
                  setTopic('all')
                }}
                className={`${buttonClass} mt-4 border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
              >
                {t('help.showAll')}
              </button>
            </div>
          ) : (
            <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
              {results.map((faq) => (
                <li key={faq.id}>
                  {/* Open while searching, so that a match in an answer is visible. */}
                  <details open={searching || undefined} className="group p-4">
                    <summary className="cursor-pointer list-none font-medium text-gray-900 marker:hidden">
                      <span className="flex items-start justify-between gap-3">
                        <span>{faq.question}</span>
                        <span aria-hidden className="text-brand-700 group-open:rotate-45">
                          +
                        </span>
                      </span>
                    </summary>
                    <p className="mt-2 text-gray-700">{faq.answer}</p>
                    {faq.id === 'change-role' && (
                      <Link
                        to="/contact?category=account"
                        className="mt-2 inline-block font-medium text-brand-800 underline underline-offset-2"
                      >
                        {t('help.support.contact')}
                      </Link>
                    )}
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <section aria-labelledby="support-title" className="mt-10 rounded-lg bg-brand-50 p-6">
          <div className="flex items-start gap-3">
            <LifeBuoy className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h2 id="support-title" className="text-xl font-semibold text-gray-900">
                {t('help.support.title')}
              </h2>
              <p className="mt-1 text-gray-700">{t('help.support.text')}</p>
            </div>
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-3">
            <Link to="/contact" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
              <MessageCircle className="size-4 shrink-0" aria-hidden />
              {t('help.support.contact')}
            </Link>
            <a
              href="#user-guide"
              className={`${buttonClass} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
            >
              <BookOpen className="size-4 shrink-0" aria-hidden />
              {t('help.support.guide')}
            </a>
            <Link
              to="/community"
              className={`${buttonClass} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
            >
              <Users className="size-4 shrink-0" aria-hidden />
              {t('help.support.forum')}
            </Link>
          </div>
        </section>

        <Section
          id="user-guide"
          headingId="user-guide-title"
          title={t('help.guide.title')}
          headingClassName="text-2xl font-bold text-gray-900"
          className="mt-10 scroll-mt-20"
        >
          <p className="mt-2 text-gray-700">
            {t('help.guide.intro')}{' '}
            <Link to="/safety" className="text-brand-800 underline underline-offset-2">
              {t('common.footer.safety')}
            </Link>
            {' · '}
            <Link to="/guidelines" className="text-brand-800 underline underline-offset-2">
              {t('common.footer.guidelines')}
            </Link>
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {GUIDE_ROLES.map((role) => (
              <section
                key={role.id}
                aria-labelledby={`guide-${role.id}`}
                className="rounded-lg border border-gray-200 p-4"
              >
                <h3 id={`guide-${role.id}`} className="font-semibold text-gray-900">
                  {t(role.title)}
                </h3>
                <div className="mt-2 text-sm text-gray-700">
                  <BulletList items={list(role.steps)} ordered />
                </div>
              </section>
            ))}
          </div>
        </Section>
      </div>
    </PageContainer>
  )
}
