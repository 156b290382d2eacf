import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { INTL_LOCALES, LANGUAGES, type Language } from '../../shared/reference-data'
import { languageFromBrowser } from './browser-language'

/** Catalogs live in src/shared/locales/<lang>/<feature>.json; keys read `<feature>.<key>`. */
type Catalog = Record<string, unknown>

const english = import.meta.glob<Catalog>('../../shared/locales/en/*.json', {
  eager: true,
  import: 'default',
})
// Sinhala and Tamil load on demand: a phone downloads only the language it shows.
const lazyCatalogs = import.meta.glob<Catalog>(
  ['../../shared/locales/si/*.json', '../../shared/locales/ta/*.json'],
  {
    import: 'default',
  },
)

function featureName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length)
}

function bundle(files: Record<string, Catalog>): Catalog {
  return Object.fromEntries(Object.entries(files).map(([path, catalog]) => [featureName(path), catalog]))
}

async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return
  const entries = Object.entries(lazyCatalogs).filter(([path]) => path.includes(`/locales/${language}/`))
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [featureName(path), await load()] as const),
  )
  i18next.addResourceBundle(language, 'translation', Object.fromEntries(loaded), true, true)
}

export const LANGUAGE_STORAGE_KEY = 'ahara.language'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The reader's own choice if they made one with the switcher, else the phone's language. */
function initialLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isLanguage(value)) return value
  } catch {
    // Private mode: no stored choice.
  }
  return languageFromBrowser(navigator.languages ?? [])
}

export async function initI18n(): Promise<void> {
  const language = initialLanguage()
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: bundle(english) } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = 'en'
  if (language !== 'en') await showLanguage(language)
}

async function showLanguage(language: Language): Promise<void> {
  await loadLanguage(language)
  await i18next.changeLanguage(language)
  document.documentElement.lang = language
}

/** The switcher's choice, kept: a detected language is not stored, so a new phone setting still counts. */
export async function changeLanguage(language: Language): Promise<void> {
  await showLanguage(language)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en'
}

/** The Intl locale of the current language (en-LK, si-LK, ta-LK). */
export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()]
}

export { i18next }
