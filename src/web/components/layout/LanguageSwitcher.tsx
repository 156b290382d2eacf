import { Languages } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../../shared/reference-data'
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n'

/** Each language's name in its own script, so a reader finds theirs whatever is shown. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' }

const NOTICE_MS = 3000

/** A native select: keyboard and screen-reader friendly on every phone. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const id = useId()
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  async function onChange(value: string) {
    if (!isLanguage(value) || value === currentLanguage()) return
    await changeLanguage(value)
    setNotice(t('common.language.changed', { language: LANGUAGE_NAMES[value], lng: value }))
  }

  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <Languages aria-hidden className="size-4 text-gray-600" />
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void onChange(event.target.value)}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {notice && (
        <output
          aria-live="polite"
          className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-lg bg-gray-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          {notice}
        </output>
      )}
    </div>
  )
}
