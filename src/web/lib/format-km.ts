import { roundedKm } from '../../shared/geo'
import type { Language } from '../../shared/reference-data'
import { formatNumber } from './format'
import { currentLanguage, intlLocale } from './i18n'
import { numberFormat } from './intl-formats'
import { intlSupports } from './sinhala-intl'

// Apart from format.ts: only the pages that show distances carry it (docs/decisions/0072-the-map-view.md).

/** A kilometre as each language abbreviates it, where this browser's Intl lacks the language (CLDR's short unit). */
const KM_FALLBACK: Record<Language, (n: string) => string> = {
  en: (n) => `${n} km`,
  si: (n) => `කි.මී ${n}`,
  ta: (n) => `${n} கி.மீ.`,
}

/**
 * A distance as the reader writes it: one decimal under 10 km, whole kilometres beyond ("0.8 km",
 * "කි.මී 0.8", "0.8 கி.மீ."); never "0 km" for food a few steps away.
 */
export function formatKm(km: number): string {
  const value = Math.max(0.1, roundedKm(km))
  const locale = intlLocale()
  if (!intlSupports(locale)) return KM_FALLBACK[currentLanguage()](formatNumber(value))
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(value)
}
