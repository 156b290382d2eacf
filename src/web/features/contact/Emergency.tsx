import { Siren } from 'lucide-react'
import { telHref } from '../../components/ui/contact-links'
import { useTranslation } from '../../lib/translation'
import { SUPPORT_CONTACTS } from './support-contacts'

/** The emergency hotline and address, for food safety incidents. */
export function Emergency() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="emergency-title"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 sm:p-6"
    >
      <h2 id="emergency-title" className="flex items-center gap-2 text-lg font-semibold text-red-900">
        <Siren className="size-5 shrink-0" aria-hidden />
        {t('contact.emergency.title')}
      </h2>
      <p className="text-sm text-red-900">{t('contact.emergency.text')}</p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium text-red-900">{t('contact.emergency.hotline')}</dt>
          <dd>
            <a
              href={telHref(SUPPORT_CONTACTS.emergencyPhone)}
              className="font-semibold text-red-800 underline"
            >
              {SUPPORT_CONTACTS.emergencyPhone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-red-900">{t('contact.emergency.email')}</dt>
          <dd className="break-words">
            <a
              href={`mailto:${SUPPORT_CONTACTS.emergencyEmail}`}
              className="font-semibold text-red-800 underline"
            >
              {SUPPORT_CONTACTS.emergencyEmail}
            </a>
          </dd>
        </div>
      </dl>
    </section>
  )
}
