import {
  Bike,
  CalendarCheck,
  HandHeart,
  type LucideIcon,
  PackageCheck,
  ShieldCheck,
  Star,
  UserPlus,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { URGENT_DELIVERY_SURCHARGE } from '../../../shared/delivery'
import { can } from '../../../shared/policy'
import { type LinkButton, LinkButtons, linkButtonPrimary } from '../../components/ui/LinkButtons'
import { NumberedStep } from '../../components/ui/NumberedStep'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatLkr } from '../../lib/format'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'

const STEPS = [
  { key: 'signUp', icon: UserPlus },
  { key: 'accept', icon: HandHeart },
  { key: 'pickUp', icon: PackageCheck },
  { key: 'deliver', icon: Bike },
  { key: 'rated', icon: Star },
] as const

const outlined = 'rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-white'

const SAFETY = ['cold', 'time', 'identity', 'contact', 'decline'] as const

/** /volunteer: what volunteering means, how it works, staying safe and how to join. */
export function VolunteerPage() {
  const { t } = useTranslation()
  const me = useMe()
  const role = me.data?.role
  const volunteerLinks: LinkButton[] = [
    { to: '/dashboard/volunteer', label: t('volunteer.page.toDashboard'), className: linkButtonPrimary },
    { to: '/volunteer/schedule', label: t('volunteer.page.toSchedule'), className: outlined },
  ]
  return (
    <PageContainer narrow>
      <PageHeader title={t('volunteer.page.title')} subtitle={t('volunteer.page.subtitle')} />
      <Section id="what" title={t('volunteer.page.whatTitle')} headingMargin="mb-3">
        <p className="text-gray-700">{t('volunteer.page.what')}</p>
        <p className="mt-3 text-gray-700">
          {t('volunteer.page.fees', { urgent: formatLkr(URGENT_DELIVERY_SURCHARGE) })}
        </p>
      </Section>

      <Section id="how" title={t('volunteer.page.howTitle')} headingMargin="mb-4">
        <ol className="space-y-4">
          {STEPS.map(({ key, icon }, index) => (
            <NumberedStep
              key={key}
              look="row"
              icon={icon}
              number={index + 1}
              title={t(`volunteer.page.steps.${key}.title`)}
              text={t(`volunteer.page.steps.${key}.text`)}
            />
          ))}
        </ol>
      </Section>

      <Section id="safety" title={t('volunteer.page.safetyTitle')} headingMargin="mb-3" icon={ShieldCheck}>
        <ul className="list-disc space-y-2 pl-6 text-gray-700">
          {SAFETY.map((key) => (
            <li key={key}>{t(`volunteer.page.safety.${key}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <Link to="/safety" className="font-medium text-brand-700 underline">
            {t('volunteer.page.safetyLink')}
          </Link>
        </p>
      </Section>

      <Section
        id="join"
        title={t('volunteer.page.joinTitle')}
        headingMargin="mb-2"
        icon={CalendarCheck}
        className="rounded-lg bg-brand-50 p-6"
      >
        {can(me.data, 'dashboard.view', { role: 'volunteer' }) ? (
          <>
            <p className="mb-4 text-gray-700">{t('volunteer.page.alreadyVolunteer')}</p>
            <LinkButtons className="flex flex-wrap gap-3" links={volunteerLinks} />
          </>
        ) : role ? (
          <p className="text-gray-700">
            {t('volunteer.page.otherRole')}{' '}
            <Link to="/contact" className="font-medium text-brand-700 underline">
              {t('volunteer.page.contactSupport')}
            </Link>
          </p>
        ) : (
          <>
            <p className="mb-4 text-gray-700">{t('volunteer.page.join')}</p>
            <Link to="/auth?mode=sign-up" className={`inline-block ${linkButtonPrimary}`}>
              {t('volunteer.page.signUp')}
            </Link>
          </>
        )}
      </Section>
    </PageContainer>
  )
}

/** A section labelled by its heading (id `id`), which may start with an icon. */
function Section({
  id,
  title,
  headingMargin,
  icon: Icon,
  className = 'mb-10',
  children,
}: {
  id: string
  title: string
  headingMargin: 'mb-2' | 'mb-3' | 'mb-4'
  icon?: LucideIcon
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2
        id={id}
        className={`${headingMargin} ${Icon ? 'flex items-center gap-2 ' : ''}text-2xl font-semibold text-gray-900`}
      >
        {Icon && <Icon className="size-6 text-brand-700" aria-hidden />}
        {title}
      </h2>
      {children}
    </section>
  )
}
