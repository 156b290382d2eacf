import { useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now (and again whenever that changes). */
export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(media)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia(media).matches,
  )
}

/** Whether the screen is phone-narrow: below Tailwind's `sm` breakpoint, the layout is a phone's. */
export function usePhoneWidth(): boolean {
  return useMediaQuery('(width < 40rem)')
}
