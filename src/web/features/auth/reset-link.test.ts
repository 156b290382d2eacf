import { describe, expect, it } from 'vitest'
import { readResetLink } from './reset-link'

describe('readResetLink', () => {
  it('reads the token from the query or the fragment', () => {
    expect(readResetLink('?token=abc', '')).toEqual({ token: 'abc' })
    expect(readResetLink('', '#token=def')).toEqual({ token: 'def' })
    expect(readResetLink('', '#access_token=ghi&type=recovery')).toEqual({ token: 'ghi' })
  })
  it('recognises an expired link and other link errors', () => {
    expect(readResetLink('', '#error=access_denied&error_code=otp_expired')).toEqual({ error: 'expired' })
    expect(readResetLink('?error=access_denied&error_description=Email+link+is+invalid', '')).toEqual({
      error: 'other',
      description: 'Email link is invalid',
    })
  })
  it('says when there is no token', () => {
    expect(readResetLink('', '')).toEqual({ error: 'missing' })
  })
})
