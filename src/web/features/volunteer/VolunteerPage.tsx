import { Bike, CalendarCheck, HandHeart, PackageCheck, ShieldCheck, Star, UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { URGENT_DELIVERY_SURCHARGE } from '../../../shared/delivery'
import { can } from '../../../shared/policy'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatLkr } from '../../lib/format'
import { useMe } from '../../lib/session'

const STEPS = [
  { key: 'signUp', icon: UserPlus },
  { key: 'accept', icon: HandHeart },
  { key: 'pickUp', icon: PackageCheck },
  { key: 'deliver', icon: Bike },
  { key: 'rated', icon: Star },
] as const

const SAFETY = ['cold', 'time', 'identity', 'contact', 'decline'] as const

/** /volunteer: what volunteering means, how it works, staying safe and how to join. */
export function VolunteerPage() {
  const { t } = useTranslation()
  const me = useMe()
  const role = me.data?.role
  return (
    <PageContainer narrow>
      <PageHeader title={t('volunteer.page.title')} subtitle={t('volunteer.page.subtitle')} />
      <section aria-labelledby="what" className="mb-10">
        <h2 id="what" className="mb-3 text-2xl font-semibold text-gray-900">
          {t('volunteer.page.whatTitle')}
        </h2>
        <p className="text-gray-700">{t('volunteer.page.what')}</p>
        <p className="mt-3 text-gray-700">
          {t('volunteer.page.fees', { urgent: formatLkr(URGENT_DELIVERY_SURCHARGE) })}
        </p>
      </section>

      <section aria-labelledby="how" className="mb-10">
        <h2 id="how" className="mb-4 text-2xl font-semibold text-gray-900">
          {t('volunteer.page.howTitle')}
        </h2>
        <ol className="space-y-4">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-gray-900">
                  {index + 1}. {t(`volunteer.page.steps.${key}.title`)}
                </h3>
                <p className="mt-1 text-sm text-gray-700">{t(`volunteer.page.steps.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="safety" className="mb-10">
        <h2 id="safety" className="mb-3 flex items-center gap-2 text-2xl font-semibold text-gray-900">
          <ShieldCheck className="size-6 text-brand-700" aria-hidden />
          {t('volunteer.page.safetyTitle')}
        </h2>
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
      </section>

      <section aria-labelledby="join" className="rounded-lg bg-brand-50 p-6">
        <h2 id="join" className="mb-2 flex items-center gap-2 text-2xl font-semibold text-gray-900">
          <CalendarCheck className="size-6 text-brand-700" aria-hidden />
          {t('volunteer.page.joinTitle')}
        </h2>
        {can(me.data, 'dashboard.view', { role: 'volunteer' }) ? (
          <>
            <p className="mb-4 text-gray-700">{t('volunteer.page.alreadyVolunteer')}</p>
            <div className="flex flex-wrap gap-3">
              <Link
                to="/dashboard/volunteer"
                className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t('volunteer.page.toDashboard')}
              </Link>
              <Link
                to="/volunteer/schedule"
                className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-white"
              >
                {t('volunteer.page.toSchedule')}
              </Link>
            </div>
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
            <Link
              to="/auth?mode=sign-up"
              className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {t('volunteer.page.signUp')}
            </Link>
          </>
        )}
      </section>
    </PageContainer>
  )
}
