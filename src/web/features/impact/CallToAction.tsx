import { Share2 } from 'lucide-react'
import { useState } from 'react'
import { type LinkButton, LinkButtons } from '../../components/ui/LinkButtons'
import { useTranslation } from '../../lib/translation'

const filled = 'rounded-md bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50'
const outlined = 'rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-brand-700'

/** Invites the reader to donate or volunteer, and to share the page. */
export function CallToAction() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<string | null>(null)
  const links: LinkButton[] = [
    { to: '/auth', label: t('impact.cta.donate'), className: filled },
    { to: '/auth', label: t('impact.cta.volunteer'), className: outlined },
  ]

  async function share() {
    const url = `${window.location.origin}/impact`
    const data = { title: t('impact.share.title'), text: t('impact.share.text'), url }
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data)
        return
      } catch (error) {
        if ((error as Error).name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setStatus(t('impact.share.copied'))
    } catch {
      setStatus(t('impact.share.copyManually', { url }))
    }
  }

  return (
    <section
      aria-labelledby="cta-heading"
      className="rounded-lg bg-brand-800 px-6 py-10 text-center text-white"
    >
      <h2 id="cta-heading" className="text-2xl font-bold">
        {t('impact.cta.heading')}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-brand-50">{t('impact.cta.text')}</p>
      <LinkButtons className="mt-6 flex flex-wrap justify-center gap-3" links={links}>
        <button
          type="button"
          onClick={() => void share()}
          className={`inline-flex items-center gap-2 ${outlined}`}
        >
          <Share2 className="size-4" aria-hidden />
          {t('impact.share.button')}
        </button>
      </LinkButtons>
      <p role="status" className="mt-4 min-h-6 text-brand-50">
        {status}
      </p>
    </section>
  )
}
