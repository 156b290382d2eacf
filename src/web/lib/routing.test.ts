import { describe, expect, it } from 'vitest'
import { isActivePath, matchRoute, readHistoryEntry, scrollAfter } from './routing'

describe('matchRoute', () => {
  const routes = [{ path: '/' }, { path: '/listings/:id' }, { path: '*' }]

  it('picks the first route that matches', () => {
    expect(matchRoute(routes, '/listings/7')).toEqual({ route: routes[1], params: { id: '7' } })
    expect(matchRoute(routes, '/nowhere').route).toBe(routes[2])
  })

  it('refuses a route list without a catch-all when nothing matches', () => {
    expect(() => matchRoute([{ path: '/' }], '/x')).toThrow(/'\*' route/)
  })
})

describe('isActivePath', () => {
  it('marks a section active on its pages below, unless it ends there', () => {
    expect(isActivePath('/volunteer/schedule', '/volunteer')).toBe(true)
    expect(isActivePath('/volunteer/schedule', '/volunteer', true)).toBe(false)
    expect(isActivePath('/volunteer/', '/volunteer', true)).toBe(true)
    expect(isActivePath('/volunteers', '/volunteer')).toBe(false)
  })

  it('marks home active on home only', () => {
    expect(isActivePath('/', '/')).toBe(true)
    expect(isActivePath('/find-food', '/')).toBe(false)
  })
})

describe('readHistoryEntry', () => {
  const address = { pathname: '/find-food', search: '?q=rice', hash: '' }

  it("reads the app's key and state", () => {
    expect(readHistoryEntry(address, { key: 'k1', usr: { from: 'home' } })).toEqual({
      ...address,
      key: 'k1',
      state: { from: 'home' },
    })
  })

  it("gives entries the app did not make the key 'default'", () => {
    expect(readHistoryEntry(address, null)).toEqual({ ...address, key: 'default', state: null })
    expect(readHistoryEntry(address, { key: 5 }).key).toBe('default')
  })
})

describe('scrollAfter', () => {
  const location = { pathname: '/find-food', search: '', hash: '', state: null, key: 'k1' }

  it('returns to where the entry was left on back and forward', () => {
    expect(scrollAfter({ location, action: 'POP', preventScrollReset: false }, { k1: 640 })).toEqual({
      kind: 'position',
      y: 640,
    })
  })

  it('starts a new page at the top, or keeps the position when asked', () => {
    expect(scrollAfter({ location, action: 'PUSH', preventScrollReset: false }, { k1: 640 })).toEqual({
      kind: 'position',
      y: 0,
    })
    expect(scrollAfter({ location, action: 'REPLACE', preventScrollReset: true }, {})).toEqual({
      kind: 'none',
    })
  })

  it('goes to the element a #fragment names', () => {
    expect(
      scrollAfter(
        { location: { ...location, hash: '#food-safety' }, action: 'PUSH', preventScrollReset: false },
        {},
      ),
    ).toEqual({ kind: 'element', id: 'food-safety' })
  })

  it('leaves the first visit and unknown entries where the browser put them', () => {
    expect(scrollAfter({ location, action: 'POP', preventScrollReset: false }, {})).toEqual({ kind: 'none' })
  })
})
