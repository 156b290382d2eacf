import type { ReactNode } from 'react'

/**
 * The landmark every page sits in. At least a screen tall: the footer never shows, then jumps, while a
 * page loads (layout shift). Every visible text sits in a landmark (axe 'region').
 */
export function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen flex-1">
      {children}
    </main>
  )
}
