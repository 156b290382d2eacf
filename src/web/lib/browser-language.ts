import type { Language } from '../../shared/reference-data'

/**
 * The first of the phone's languages that the app speaks (`si-LK`, `ta`, `ta-IN`…), else English.
 * Checked in the phone's order, so a reader who put Tamil before Sinhala gets Tamil.
 */
export function languageFromBrowser(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'si' || primary === 'ta') return primary
  }
  return 'en'
}
