import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react'
import { telHref, whatsAppHref } from '../../components/ui/contact-links'
import { useTranslation } from '../../lib/translation'
import { InfoCard, SupportSection, timeOfDay } from './SupportSection'
import { HOURS, SUPPORT_CONTACTS } from './support-contacts'

const linkClass = 'font-medium text-brand-800 underline underline-offset-2'

/** E-mail, phone and chat, with their hours. */
export function SupportChannels() {
  const { t } = useTranslation()
  const [from, to] = HOURS.channels
  const hours = { from: timeOfDay(from), to: timeOfDay(to) }
  return (
    <SupportSection id="channels" title={t('contact.channels.title')}>
      <InfoCard icon={<Mail className="size-5" aria-hidden />} title={t('contact.channels.email.title')}>
        <a href={`mailto:${SUPPORT_CONTACTS.email}`} className={linkClass}>
          {SUPPORT_CONTACTS.email}
        </a>
        <p>{t('contact.channels.email.availability')}</p>
      </InfoCard>
      <InfoCard icon={<Phone className="size-5" aria-hidden />} title={t('contact.channels.phone.title')}>
        <a href={telHref(SUPPORT_CONTACTS.phone)} className={linkClass}>
          {SUPPORT_CONTACTS.phone}
        </a>
        <p>{t('contact.channels.phone.availability', hours)}</p>
      </InfoCard>
      <InfoCard
        icon={<MessageCircle className="size-5" aria-hidden />}
        title={t('contact.channels.chat.title')}
      >
        <a
          href={whatsAppHref(SUPPORT_CONTACTS.whatsApp)}
          className={linkClass}
          target="_blank"
          rel="noreferrer"
        >
          {t('contact.channels.chat.action')}
        </a>
        <p>{t('contact.channels.chat.availability', hours)}</p>
      </InfoCard>
    </SupportSection>
  )
}

/** The office's address and opening hours. */
export function Office() {
  const { t } = useTranslation()
  const rows = [
    { day: t('contact.office.weekdays'), hours: HOURS.weekdays },
    { day: t('contact.office.saturday'), hours: HOURS.saturday },
    { day: t('contact.office.sunday'), hours: HOURS.sunday },
  ]
  return (
    <SupportSection id="office" title={t('contact.office.title')}>
      <InfoCard icon={<MapPin className="size-5" aria-hidden />} title={t('contact.office.name')}>
        <address className="not-italic">{t('contact.office.address')}</address>
      </InfoCard>
      <InfoCard icon={<Clock className="size-5" aria-hidden />} title={t('contact.office.hoursTitle')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows.map((row) => (
            <div key={row.day} className="contents">
              <dt>{row.day}</dt>
              <dd className="text-gray-900">
                {row.hours
                  ? t('contact.office.hours', { from: timeOfDay(row.hours[0]), to: timeOfDay(row.hours[1]) })
                  : t('contact.office.closed')}
              </dd>
            </div>
          ))}
        </dl>
      </InfoCard>
    </SupportSection>
  )
}
