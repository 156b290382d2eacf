import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'wouter'
import type { Me } from '../../../shared/schemas/users'

const SEARCH_DELAY_MS = 300

/** Sets some of Find Food's filters in the URL, keeping the others. */
export type UpdateFilters = (changes: Record<string, string | readonly string[]>) => void

/** The same function for the page's whole life, so that the memoised filters are not built again. */
export function useUpdateFilters(): UpdateFilters {
  const [, setParams] = useSearchParams()
  return useCallback(
    (changes) => {
      // Start from the address bar, not this render's params: a debounced search must not undo a
      // filter chosen since it was typed.
      const next = new URLSearchParams(window.location.search)
      for (const [key, value] of Object.entries(changes)) {
        next.delete(key)
        // A list (the diets) is repeated, as the API takes it.
        for (const item of typeof value === 'string' ? [value] : value) if (item) next.append(key, item)
      }
      setParams(next, { replace: true })
    },
    [setParams],
  )
}

/**
 * A recipient's usual diet (profile) is the first filter they see, once per visit: clearing it or
 * choosing another stays as chosen (docs/decisions/0050-dietary-tags.md).
 */
export function useUsualDiet(me: Me | null, update: UpdateFilters) {
  const usualDietApplied = useRef(false)
  useEffect(() => {
    if (!me || usualDietApplied.current) return
    usualDietApplied.current = true
    if (me.diet.length > 0 && !new URLSearchParams(window.location.search).has('diet')) {
      update({ diet: me.diet })
    }
  })
}

/** The search box's text, written to the URL's `q` once the typing pauses. */
export function useSearchText(q: string, update: UpdateFilters) {
  const [searchText, setSearchText] = useState(q)
  useEffect(() => setSearchText(q), [q])
  useEffect(() => {
    if (searchText === q) return
    const timer = setTimeout(() => update({ q: searchText.trim() }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  })
  return [searchText, setSearchText] as const
}
