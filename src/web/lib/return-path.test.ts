import { describe, expect, it } from 'vitest'
import { googleReturnPath, RETURN_PARAM, safeReturnPath, signInPath } from './return-path'

describe('safeReturnPath', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(safeReturnPath('/find-food?claim=abc&type=free')).toBe('/find-food?claim=abc&type=free')
    expect(safeReturnPath('/dashboard/donor')).toBe('/dashboard/donor')
    expect(safeReturnPath('/help#faq')).toBe('/help#faq')
  })
  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/find-food',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /find-food',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull()
    }
  })
})

describe('signInPath', () => {
  it('carries the path (already URL-encoded, as a location is) and reads back unchanged', () => {
    const path = signInPath('/find-food?claim=abc&q=rice%20curry')
    expect(path).toBe('/auth?next=%2Ffind-food%3Fclaim%3Dabc%26q%3Drice%2520curry')
    const next = new URL(path, 'https://ahara.lk').searchParams.get(RETURN_PARAM)
    expect(safeReturnPath(next)).toBe('/find-food?claim=abc&q=rice%20curry')
  })
})

describe('googleReturnPath', () => {
  it('comes back to the sign-in page that carries the same return path', () => {
    expect(googleReturnPath('/find-food?claim=abc')).toBe(signInPath('/find-food?claim=abc'))
    expect(googleReturnPath('/find-food?claim=abc')).toBe('/auth?next=%2Ffind-food%3Fclaim%3Dabc')
  })
  it('comes back to the plain sign-in page without a return path or with one that leaves the site', () => {
    expect(googleReturnPath(null)).toBe('/auth')
    expect(googleReturnPath('//evil.example')).toBe('/auth')
  })
})
