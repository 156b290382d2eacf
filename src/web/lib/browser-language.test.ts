import { describe, expect, it } from 'vitest'
import { languageFromBrowser } from './browser-language'

describe('languageFromBrowser', () => {
  it('takes the first Sinhala or Tamil tag in the phone’s order', () => {
    expect(languageFromBrowser(['si-LK', 'en-US'])).toBe('si')
    expect(languageFromBrowser(['en-GB', 'ta-IN', 'si'])).toBe('ta')
    expect(languageFromBrowser(['SI'])).toBe('si')
  })
  it('falls back to English when the phone speaks neither', () => {
    expect(languageFromBrowser(['en-US', 'fr'])).toBe('en')
    expect(languageFromBrowser([])).toBe('en')
  })
  it('does not mistake other languages that start with the same letters', () => {
    expect(languageFromBrowser(['sid', 'tai', 'sk'])).toBe('en')
  })
})
