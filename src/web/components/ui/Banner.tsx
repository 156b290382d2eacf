import { useEffect, useState } from 'react'
import { Alert } from './form'

export type Banner = { tone: 'success' | 'error' | 'info'; text: string }

const BANNER_MS = 5000

/** The result banner of an action, gone after 5 seconds. */
export function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null)
  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(null), BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])
  return [banner, setBanner] as const
}

/** The banner, kept in view at the top while the page scrolls. */
export function StickyBanner({ banner, className = '' }: { banner: Banner | null; className?: string }) {
  if (!banner) return null
  return (
    <div className={`sticky top-2 z-10 ${className}`}>
      <Alert tone={banner.tone}>{banner.text}</Alert>
    </div>
  )
}
