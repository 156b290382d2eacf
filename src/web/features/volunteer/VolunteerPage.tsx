import { Bike, CalendarCheck, HandHeart, PackageCheck, ShieldCheck, Star, UserPlus } from 'lucide-react'
import { Link } from 'wouter'
import { URGENT_DELIVERY_SURCHARGE } from '../../../shared/delivery'
import { can } from '../../../shared/policy'
import { type LinkButton, LinkButtons, linkButtonPrimary } from '../../components/ui/LinkButtons'
import { NumberedStep } from '../../components/ui/NumberedStep'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { Section } from '../../components/ui/Section'
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

/** The look of the page's section headings, below each a margin of its own. */
const heading = 'text-2xl font-semibold text-gray-900'

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
      <Section
        headingId="what"
        title={t('volunteer.page.whatTitle')}
        headingClassName={`mb-3 ${heading}`}
        className="mb-10"
      >
        <p className="text-gray-700">{t('volunteer.page.what')}</p>
        <p className="mt-3 text-gray-700">
          {t('volunteer.page.fees', { urgent: formatLkr(URGENT_DELIVERY_SURCHARGE) })}
        </p>
      </Section>

      <Section
        headingId="how"
        title={t('volunteer.page.howTitle')}
        headingClassName={`mb-4 ${heading}`}
        className="mb-10"
      >
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

      <Section
        headingId="safety"
        title={t('volunteer.page.safetyTitle')}
        headingClassName={`mb-3 ${heading}`}
        icon={ShieldCheck}
        className="mb-10"
      >
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
        headingId="join"
        title={t('volunteer.page.joinTitle')}
        headingClassName={`mb-2 ${heading}`}
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
