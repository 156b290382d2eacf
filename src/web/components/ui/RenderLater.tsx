import { type ReactNode, startTransition, useCallback, useEffect, useState } from 'react'

/**
 * Whether a list's items arrived after it first rendered (a page's first data), rather than being
 * there when it mounted (data from the cache, coming back to a page, where the scroll position must
 * be restored against the whole list).
 */
export function useItemsArrivedLater(hasItems: boolean): boolean {
  const [hadItemsAtMount] = useState(hasItems)
  return !hadItemsAtMount
}

/** Reveals waiting to run, all in one task: see RenderLater. */
let pending: (() => void)[] = []

function revealSoon(reveal: () => void): () => void {
  pending.push(reveal)
  if (pending.length === 1)
    setTimeout(() => {
      const reveals = pending
      pending = []
      startTransition(() => {
        for (const each of reveals) each()
      })
    }, 0)
  return () => {
    pending = pending.filter((each) => each !== reveal)
  }
}

/**
 * Renders its children after the first paint (unless `when` is false, then at once). A list of cards
 * wraps the ones below the first screen in it. The reveal is a transition: React DOM builds the cards
 * in slices of a few milliseconds, so a cheap phone answers a tap in between instead of waiting out
 * a long task (docs/decisions/0041-first-visit-main-thread.md, 0043-react-and-wouter.md). Everything
 * that waits is revealed in one transition, so the page is laid out once for all of it, not once per
 * card (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
export function RenderLater({ when = true, children }: { when?: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(!when)
  useEffect(() => {
    if (ready) return
    return revealSoon(() => setReady(true))
  }, [ready])
  return ready ? children : null
}

/**
 * A ref to set on an element below a list's first screens, and whether the reader has scrolled to a
 * quarter of a screen from it: false until then, true for good after (set in a transition, so the
 * rest of the list is built in slices). A first visit builds only what the first screens show; a
 * phone whose reader never scrolls builds nothing more
 * (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum). Without IntersectionObserver
 * it is true at once.
 */
export function useScrolledNear(): [(element: Element | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback((element: Element | null) => {
    if (!element) return undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        startTransition(() => setNear(true))
      },
      { rootMargin: '25% 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, near]
}
