import { describe, expect, it } from 'vitest'
import { findFoodSearch, NEAR_ME, searchNeedsOrigin } from './search'

const search = (query: string, origin: 'Colombo' | null = null) =>
  findFoodSearch(new URLSearchParams(query), origin)

describe("Find Food's address", () => {
  it('asks for the newest listings when it says nothing', () => {
    expect(search('').filters).toEqual({ sort: 'newest' })
    expect(search('').sort).toBe('newest')
  })

  it('passes the search, category, type and city on, and drops an unknown type', () => {
    expect(search('q=rice&category=cat-1&type=free&location=Kandy').filters).toEqual({
      q: 'rice',
      category: 'cat-1',
      type: 'free',
      city: 'Kandy',
      sort: 'newest',
    })
    expect(search('type=cheap').filters.type).toBeUndefined()
  })

  it("sorts by distance from the reader's district when near me is chosen and the district is known", () => {
    const near = search(`location=${NEAR_ME}`, 'Colombo')
    expect(near.nearMe).toBe(true)
    expect(near.filters).toEqual({ near: 'Colombo', sort: 'distance' })
  })

  it('falls back to the newest when distance is asked for but the district is unknown', () => {
    expect(search(`location=${NEAR_ME}`).filters).toEqual({ sort: 'newest' })
    expect(search('sort=distance').filters).toEqual({ sort: 'newest' })
    expect(search('sort=distance', 'Colombo').filters).toEqual({ near: 'Colombo', sort: 'distance' })
  })

  it('ignores an unknown sort', () => {
    expect(search('sort=cheapest').sort).toBe('newest')
  })

  it('needs the reader’s district exactly when the district changes the query', () => {
    for (const query of ['', 'q=rice&type=free', 'location=Kandy&sort=newest', 'sort=expiry']) {
      expect(searchNeedsOrigin(new URLSearchParams(query))).toBe(false)
      expect(search(query, 'Colombo').filters).toEqual(search(query).filters)
    }
    for (const query of [`location=${NEAR_ME}`, 'sort=distance']) {
      expect(searchNeedsOrigin(new URLSearchParams(query))).toBe(true)
      expect(search(query, 'Colombo').filters).not.toEqual(search(query).filters)
    }
  })
})
