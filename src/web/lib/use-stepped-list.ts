import { useEffect, useState } from 'react'

/**
 * A list whose items arrive after it first rendered (a page's first data) shows its first `first`
 * items at once and the rest in a later task, after the first paint: a cheap phone then paints the
 * cards on screen without also building the ones below them in the same long task
 * (docs/decisions/0041-first-visit-main-thread.md). A list that has its items when it mounts (data
 * from the cache, coming back to a page) shows them all, so that the page's scroll position can be
 * restored.
 */
export function useSteppedList<T>(items: T[], first: number): T[] {
  const [showAll, setShowAll] = useState(items.length > 0)
  const hasItems = items.length > 0
  useEffect(() => {
    // Effects run after the browser paints: the rest renders in a task of its own.
    if (hasItems && !showAll) setShowAll(true)
  }, [hasItems, showAll])
  return showAll ? items : items.slice(0, first)
}
