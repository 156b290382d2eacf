import { Copy, MessageCircle, Share2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '../../lib/translation'

const buttonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50'

/**
 * Share: the phone's own share sheet (Web Share API) where there is one; elsewhere, or when it
 * fails, a Copy link button and a WhatsApp link.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation()
  const [fallback, setFallback] = useState(false)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if ((error as Error).name === 'AbortError') return
      }
    }
    setFallback(true)
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }

  return (
    <div className="space-y-2">
      <button type="button" onClick={() => void share()} className={buttonClass} aria-expanded={fallback}>
        <Share2 className="size-4" aria-hidden />
        {t('listing-page.share.button')}
      </button>
      {fallback && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={() => void copy()} className={buttonClass}>
            <Copy className="size-4" aria-hidden />
            {t('listing-page.share.copy')}
          </button>
          <a
            href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass}
          >
            <MessageCircle className="size-4" aria-hidden />
            {t('listing-page.share.whatsapp')}
          </a>
          <span role="status" className="text-sm text-gray-700">
            {copied === 'yes' && t('listing-page.share.copied')}
            {copied === 'no' && (
              <>
                {t('listing-page.share.copyFailed')} <span className="break-all">{url}</span>
              </>
            )}
          </span>
        </div>
      )}
    </div>
  )
}
