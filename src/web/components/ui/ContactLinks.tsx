import { useTranslation } from '../../lib/translation'
import { mapsHref, whatsAppHref } from './contact-links'

// Their words are the handover namespace's: every page that shows an order or a delivery loads it.
const linkClass = 'inline-flex min-h-11 items-center text-brand-700 underline'

/** A WhatsApp chat with a number the reader already sees (issue 29, item 5). */
export function WhatsAppLink({ phone }: { phone: string }) {
  const { t } = useTranslation()
  return (
    <a href={whatsAppHref(phone)} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {t('handover.whatsApp')}
    </a>
  )
}

/** The address in the phone's maps app: a search link, no map on our page (issue 29, item 8). */
export function MapsLink({ address }: { address: string }) {
  const { t } = useTranslation()
  return (
    <a href={mapsHref(address)} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {t('handover.openInMaps')}
    </a>
  )
}
