import { describe, expect, it } from 'vitest'
import { matchPath } from './paths'

describe('matchPath', () => {
  it('matches static paths regardless of case and a trailing slash', () => {
    expect(matchPath('/find-food', '/find-food')).toEqual({})
    expect(matchPath('/find-food', '/Find-Food/')).toEqual({})
    expect(matchPath('/', '/')).toEqual({})
    expect(matchPath('/find-food', '/find-food/more')).toBeNull()
    expect(matchPath('/', '/impact')).toBeNull()
  })

  it('reads parameters, decoded', () => {
    expect(matchPath('/listings/:id', '/listings/abc-123')).toEqual({ id: 'abc-123' })
    expect(matchPath('/listings/:id', '/listings/a%20b')).toEqual({ id: 'a b' })
    expect(matchPath('/listings/:id', '/listings')).toBeNull()
  })

  it('takes a malformed escape as no match instead of throwing', () => {
    expect(matchPath('/listings/:id', '/listings/%E0%A4')).toBeNull()
  })

  it("matches anything with '*'", () => {
    expect(matchPath('*', '/no/such/page')).toEqual({})
  })
})
