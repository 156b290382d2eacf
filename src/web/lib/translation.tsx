import type { TFunction } from 'i18next'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import type { Language } from '../../shared/reference-data'
import { currentLanguage, i18next, isLanguage } from './i18n'

/**
 * The pages' `useTranslation`: `t` in the language shown, and i18next itself. react-i18next's hook
 * costs each component an i18next wrapper, a fixed `t` and its own event listeners; a list of twelve
 * listing cards spent a cheap phone's CPU for a whole long task on them. Here one provider follows the
 * language and every component reads it from context (docs/decisions/0041-first-visit-main-thread.md).
 */
const LanguageContext = createContext<Language | null>(null)

/**
 * One `t` per language, so that a component's effects that use `t` run again only when it changes.
 * A key asked for without options (most are: labels, headings, buttons) is looked up once; the texts
 * are forgotten whenever a catalog arrives, so a page's own namespace is never answered from before.
 */
const fixedT = new Map<Language, TFunction>()
const plainTexts = new Map<Language, Map<string, string>>()

let followingStore = false
function forgetPlainTexts() {
  for (const texts of plainTexts.values()) texts.clear()
}

/**
 * A text as the catalog holds it, when i18next would return it unchanged: no placeholder and no
 * nested key. Asking the store directly skips i18next's whole translate pipeline, which cost a first
 * render about a fifth of its time on a slowed CPU (docs/decisions/0041-first-visit-main-thread.md).
 */
function storedText(language: Language, key: string): string | undefined {
  const stored = i18next.getResource(language, 'translation', key)
  return typeof stored === 'string' && !stored.includes('{{') && !stored.includes('$t(') ? stored : undefined
}

export function translationFor(language: Language): TFunction {
  let t = fixedT.get(language)
  if (!t) {
    // The store exists once i18next is initialised, which is before anything renders.
    if (!followingStore && i18next.store) {
      i18next.store.on('added', forgetPlainTexts)
      followingStore = true
    }
    const translate = i18next.getFixedT(language) as unknown as (...args: unknown[]) => unknown
    const texts = new Map<string, string>()
    plainTexts.set(language, texts)
    t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest)
      let text = texts.get(key)
      if (text === undefined) {
        text = storedText(language, key) ?? String(translate(key))
        texts.set(key, text)
      }
      return text
    }) as unknown as TFunction
    fixedT.set(language, t)
  }
  return t
}

/** Renders its children again, in the new language, when the language changes. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(currentLanguage)
  useEffect(() => {
    const follow = (next: string) => {
      if (isLanguage(next)) setLanguage(next)
    }
    // The language may have changed between the first render and this effect.
    follow(i18next.language)
    i18next.on('languageChanged', follow)
    return () => i18next.off('languageChanged', follow)
  }, [])
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>
}

export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const language = useContext(LanguageContext) ?? currentLanguage()
  return { t: translationFor(language), i18n: i18next }
}
