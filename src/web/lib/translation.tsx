import type { TFunction } from 'i18next'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { LANGUAGES, type Language } from '../../shared/reference-data'
import { currentLanguage, i18next } from './i18n'

/**
 * The pages' `useTranslation`: `t` in the language shown, and i18next itself. react-i18next's hook
 * costs each component an i18next wrapper, a fixed `t` and its own event listeners; a list of twelve
 * listing cards spent a cheap phone's CPU for a whole long task on them. Here one provider follows the
 * language and every component reads it from context (docs/decisions/0041-first-visit-main-thread.md).
 */
const LanguageContext = createContext<Language | null>(null)

/** One `t` per language, so that a component's effects that use `t` run again only when it changes. */
const fixedT = new Map<Language, TFunction>()
function tFor(language: Language): TFunction {
  let t = fixedT.get(language)
  if (!t) {
    t = i18next.getFixedT(language)
    fixedT.set(language, t)
  }
  return t
}

/** Renders its children again, in the new language, when the language changes. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(currentLanguage)
  useEffect(() => {
    const follow = (next: string) => {
      if ((LANGUAGES as readonly string[]).includes(next)) setLanguage(next as Language)
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
  return { t: tFor(language), i18n: i18next }
}
