import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import i18next, { type TFunction } from 'i18next'
import { LANGUAGES, type Language } from '../../shared/reference-data'
import { runtimeFiles } from '../runtime-files'

/** The catalogs both sides share (src/shared/locales/<lang>/<feature>.json), read once for mail and error texts. */
const localesDir = runtimeFiles.locales

function loadCatalogs() {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const dir = join(localesDir, lang)
      const features = readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8'))])
      return [lang, { translation: Object.fromEntries(features) }]
    }),
  )
}

const instance = i18next.createInstance()
void instance.init({
  resources: loadCatalogs(),
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
})

export function translator(language: Language | string = 'en'): TFunction {
  return instance.getFixedT((LANGUAGES as readonly string[]).includes(language) ? language : 'en')
}

/** English text of a catalog key, or the key itself when it is not one (already plain text). */
export function english(keyOrText: string, params?: Record<string, unknown>): string {
  // With its params, so that a plural key (key_one, key_other) counts as one.
  return instance.exists(keyOrText, { lng: 'en', ...params })
    ? instance.t(keyOrText, { lng: 'en', ...params })
    : keyOrText
}
