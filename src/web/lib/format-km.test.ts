import { afterEach, describe, expect, it, vi } from 'vitest'

const reader = vi.hoisted(() => ({ language: 'en' as 'en' | 'si' | 'ta' }))
vi.mock('./i18n', () => ({
  intlLocale: () => ({ en: 'en-GB', si: 'si-LK', ta: 'ta-LK' })[reader.language],
  currentLanguage: () => reader.language,
}))

const { formatKm } = await import('./format-km')

describe('distances', () => {
  afterEach(() => {
    reader.language = 'en'
    vi.restoreAllMocks()
  })

  // First: whether Intl knows Sinhala is asked once and kept (sinhala-intl.ts).
  it("write Sinhala's own where the browser has no Sinhala data", () => {
    reader.language = 'si'
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([])
    expect(formatKm(0.84)).toBe('කි.මී 0.8')
  })

  it('write the kilometre as each language does: a decimal under 10 km, whole beyond, never 0', () => {
    const expected = {
      en: ['0.8 km', '12 km', '0.1 km'],
      si: ['කි.මී 0.8', 'කි.මී 12', 'කි.මී 0.1'],
      ta: ['0.8 கி.மீ.', '12 கி.மீ.', '0.1 கி.மீ.'],
    } as const
    for (const language of ['en', 'si', 'ta'] as const) {
      reader.language = language
      expect([formatKm(0.84), formatKm(12.4), formatKm(0.02)]).toEqual(expected[language])
    }
  })
})
