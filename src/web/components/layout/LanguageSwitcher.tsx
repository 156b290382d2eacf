import { Languages } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { LANGUAGES, type Language } from '../../../shared/reference-data'
import { currentLanguage, isLanguage } from '../../lib/i18n'
import { useTranslation } from '../../lib/translation'
import { useChooseLanguage } from '../../lib/use-choose-language'
import { useMediaQuery } from '../../lib/use-phone-width'

/** Each language's name in its own script, so a reader finds theirs whatever is shown. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' }

/** The same names cut short, for the phone header's narrow row. */
const SHORT_LANGUAGE_NAMES: Record<Language, string> = { en: 'EN', si: 'සිං', ta: 'த' }

/** Below Tailwind's `md` breakpoint (48rem), where the header row has room for short names only. */
const NARROW_HEADER = '(max-width: 47.99rem)'

const NOTICE_MS = 3000

/**
 * The page's own script in Noto, the other names in the phone's fonts: the select measures every
 * option, and Noto's other faces would be fetched on every page for one word (scripts/vite/script-fonts.ts).
 */
const SWITCHER_FONTS: Record<Language, string> = {
  en: 'font-["Noto_Sans",system-ui,sans-serif]',
  si: 'font-["Noto_Sans","Noto_Sans_Sinhala",system-ui,sans-serif]',
  ta: 'font-["Noto_Sans","Noto_Sans_Tamil",system-ui,sans-serif]',
}

/** A native select: keyboard and screen-reader friendly on every phone. */
export function LanguageSwitcher() {
  const { t } = useTranslation()
  const compact = useMediaQuery(NARROW_HEADER)
  const id = useId()
  const choose = useChooseLanguage()
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  async function onChange(value: string) {
    if (!isLanguage(value) || value === currentLanguage()) return
    // The app changes at once; a signed-in user's profile follows (a failure there leaves it as it was).
    await choose(value).catch(() => {})
    setNotice(t('common.language.changed', { language: LANGUAGE_NAMES[value], lng: value }))
  }

  const names = compact ? SHORT_LANGUAGE_NAMES : LANGUAGE_NAMES
  return (
    <div className="flex items-center gap-1">
      {!compact && <Languages aria-hidden className="size-4 text-gray-600" />}
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      {/* A set width: the select is as wide as its widest option, which changes as each script's face
          arrives, and moved the header's row on a phone (a layout shift after the first paint). */}
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void onChange(event.target.value)}
        className={`${SWITCHER_FONTS[currentLanguage()]} ${
          compact
            ? 'min-h-11 w-14 rounded-md border border-gray-300 bg-white px-1 text-sm'
            : 'min-h-11 w-24 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm'
        }`}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {names[language]}
          </option>
        ))}
      </select>
      {notice &&
        // Into <body>: the header's backdrop blur makes it the box of fixed children, which would
        // pin the notice inside the header bar, over the controls.
        createPortal(
          <output
            aria-live="polite"
            className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-lg bg-gray-900 px-4 py-2 text-sm text-white shadow-lg"
          >
            {notice}
          </output>,
          document.body,
        )}
    </div>
  )
}
