import { catalogLoaders } from 'virtual:catalogs'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { languageFromBrowser } from '../../shared/reader-language'
import { INTL_LOCALES, LANGUAGES, type Language } from '../../shared/reference-data'
import { CORE_GROUP, type PageNamespace } from './catalog-groups'

/**
 * Catalogs live in src/shared/locales/<lang>/<feature>.json; keys read `<feature>.<key>`. The browser
 * loads only its language: the core catalog at start, a page's own namespaces with that page
 * (catalog-groups.ts, docs/decisions/0032-web-performance.md).
 */
type Catalog = Record<string, unknown>

/** Page namespaces asked for so far: a change of language loads them again in the new language. */
const pageNamespaces = new Set<PageNamespace>()

async function loadGroups(language: Language, groups: readonly string[]): Promise<void> {
  const loaders = catalogLoaders[language] ?? {}
  const loaded = await Promise.all(groups.map((group) => loaders[group]?.() ?? Promise.resolve({})))
  // Groups hold distinct top-level namespaces, so a shallow merge is enough; and the catalogs are
  // modules nobody writes to, so i18next need not copy them first (its copy and deep merge of the core
  // catalog were a long task on a cheap phone).
  for (const catalog of loaded)
    i18next.addResourceBundle(language, 'translation', catalog as Catalog, false, true, {
      silent: false,
      skipCopy: true,
    })
}

function missingGroups(language: Language, groups: readonly string[]): string[] {
  return groups.filter((group) => {
    const namespace = group === CORE_GROUP ? 'common' : group
    return i18next.getResource(language, 'translation', namespace) === undefined
  })
}

async function loadLanguage(language: Language): Promise<void> {
  await loadGroups(language, missingGroups(language, [CORE_GROUP, ...pageNamespaces]))
}

let markInitialized: () => void = () => {}
/** Resolves once i18next knows the language; the router asks for a page's namespaces before that. */
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve
})

/**
 * The language a switch is loading, until i18next shows it: a namespace asked for meanwhile (the
 * bell's, once /api/me answers) must load in it too, or the new language would lack it.
 */
let switchingTo: Language | undefined

/** A page's own namespaces, in the language shown (and the one being switched to); the route loads them with the page's code. */
export async function loadPageNamespaces(...namespaces: PageNamespace[]): Promise<void> {
  for (const namespace of namespaces) pageNamespaces.add(namespace)
  await initialized
  const languages = new Set([currentLanguage(), switchingTo ?? currentLanguage()])
  await Promise.all(
    [...languages].map((language) => loadGroups(language, missingGroups(language, namespaces))),
  )
}

export const LANGUAGE_STORAGE_KEY = 'ahara.language'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The reader's own choice if they made one with the switcher, else the phone's language. */
export function initialLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isLanguage(value)) return value
  } catch {
    // Private mode: no stored choice.
  }
  return languageFromBrowser(navigator.languages ?? [])
}

/** i18next, not yet with any catalog: the browser's start, and the build's (src/web/first-screens.tsx). */
export async function startI18n(language: Language): Promise<void> {
  // No fallback language: English is not downloaded for a Sinhala or Tamil reader, and every catalog
  // has every key (src/shared/locales/catalogs.test.ts).
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    // Keys are paths, never namespaced or natural language: said so, i18next skips guessing which a
    // key is on every t() call, a real cost on a page of cards (docs/decisions/0043-react-and-wouter.md).
    keySeparator: '.',
    nsSeparator: false,
  })
  markInitialized()
}

export async function initI18n(): Promise<void> {
  const language = initialLanguage()
  await startI18n(language)
  await showLanguage(language)
}

/** `language`'s core catalog and the page namespaces asked for so far, then i18next in it. */
export async function translateInto(language: Language): Promise<void> {
  switchingTo = language
  try {
    await loadLanguage(language)
    await i18next.changeLanguage(language)
  } finally {
    if (switchingTo === language) switchingTo = undefined
  }
}

// A script's font comes with the text in it, whatever the language shown (scripts/vite/script-fonts.ts).
async function showLanguage(language: Language): Promise<void> {
  await translateInto(language)
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
