import { type ReactNode, useEffect, useState } from 'react'

/**
 * Whether a list's items arrived after it first rendered (a page's first data), rather than being
 * there when it mounted (data from the cache, coming back to a page, where the scroll position must
 * be restored against the whole list).
 */
export function useItemsArrivedLater(hasItems: boolean): boolean {
  const [hadItemsAtMount] = useState(hasItems)
  return !hadItemsAtMount
}

/**
 * Renders its children in a task of its own, after the first paint (unless `when` is false, then at
 * once). A list of cards wraps the ones below the first screen in it: a cheap phone then builds one
 * card per task instead of all of them in one long task that keeps a tap waiting
 * (docs/decisions/0041-first-visit-main-thread.md).
 */
export function RenderLater({ when = true, children }: { when?: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(!when)
  useEffect(() => {
    if (ready) return
    const timer = setTimeout(() => setReady(true), 0)
    return () => clearTimeout(timer)
  }, [ready])
  return ready ? children : null
}
