import type { Language } from './reference-data'

/**
 * The first of the phone's languages that the app speaks (`si-LK`, `ta`, `ta-IN`…), else English.
 * Checked in the phone's order, so a reader who put Tamil before Sinhala gets Tamil. The browser reads
 * `navigator.languages`; the server the same list from Accept-Language.
 */
export function languageFromBrowser(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'si' || primary === 'ta') return primary
  }
  return 'en'
}

/** The language tags of an Accept-Language header, most wanted first ('si-LK,si;q=0.9,en;q=0.8'). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const q = quality ? Number(quality.slice(2)) : 1
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}
