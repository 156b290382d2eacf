import { describe, expect, it } from 'vitest'
import { acceptedLanguages, languageFromBrowser } from './reader-language'

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

describe('acceptedLanguages', () => {
  it('orders the tags by quality, keeping the header order between equals', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,ta;q=0.95')).toEqual(['en-US', 'ta', 'en'])
    expect(acceptedLanguages('si-LK, si;q=0.8, en;q=0.8')).toEqual(['si-LK', 'si', 'en'])
  })
  it('drops refused, wildcard and malformed entries', () => {
    expect(acceptedLanguages('ta;q=0,*;q=0.5,si;q=abc,en')).toEqual(['en'])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages(undefined)).toEqual([])
  })
  it('gives the reader the same language on the server as in the browser', () => {
    expect(languageFromBrowser(acceptedLanguages('en-GB,ta-LK;q=0.7,si;q=0.8'))).toBe('si')
  })
})
