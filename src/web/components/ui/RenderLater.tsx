import { type ReactNode, startTransition, useEffect, useState } from 'react'

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
 * Renders its children after the first paint (unless `when` is false, then at once). A list of cards
 * wraps the ones below the first screen in it. The reveal is a transition: React DOM builds the cards
 * in slices of a few milliseconds, so a cheap phone answers a tap in between instead of waiting out
 * a long task (docs/decisions/0041-first-visit-main-thread.md, 0043-react-and-wouter.md).
 */
export function RenderLater({ when = true, children }: { when?: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(!when)
  useEffect(() => {
    if (ready) return
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0)
    return () => clearTimeout(timer)
  }, [ready])
  return ready ? children : null
}
