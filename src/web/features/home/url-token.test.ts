import { describe, expect, it } from 'vitest'
import { tokenAction } from './url-token'

describe('tokenAction', () => {
  it('sends a recovery link to /reset-password with the same query or hash', () => {
    expect(tokenAction('?type=recovery&token=abc', '')).toEqual({
      kind: 'recovery',
      to: '/reset-password?type=recovery&token=abc',
    })
    expect(tokenAction('', '#access_token=xyz&type=recovery')).toEqual({
      kind: 'recovery',
      to: '/reset-password#access_token=xyz&type=recovery',
    })
  })
  it('treats any other token as a sign-in', () => {
    expect(tokenAction('', '#access_token=xyz&type=signup')).toEqual({ kind: 'signed-in' })
    expect(tokenAction('?token=abc', '')).toEqual({ kind: 'signed-in' })
  })
  it('does nothing without a token', () => {
    expect(tokenAction('?type=recovery', '')).toEqual({ kind: 'none' })
    expect(tokenAction('', '')).toEqual({ kind: 'none' })
  })
})
