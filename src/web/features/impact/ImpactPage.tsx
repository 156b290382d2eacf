import {
  Building2,
  Car,
  Clock,
  Droplets,
  Leaf,
  type LucideIcon,
  MapPin,
  Recycle,
  Share2,
  TreePine,
  TrendingDown,
  TrendingUp,
  Truck,
  Users,
  Utensils,
} from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatDate, formatNumber } from '../../lib/format'
import { useImpact } from './queries'

const GrowthChart = lazy(() => import('./GrowthChart'))

const monthLabel = (month: string) => formatDate(`${month}-15T00:00:00Z`, { month: 'short', year: '2-digit' })

export function ImpactPage() {
  const { t } = useTranslation()
  const { data, isPending, isError } = useImpact()

  return (
    <PageContainer>
      <PageHeader title={t('common.pages.impact.title')} subtitle={t('common.pages.impact.subtitle')} />
      {isPending ? (
        <p role="status" className="py-8 text-center text-gray-600">
          {t('impact.loading')}
        </p>
      ) : isError || !data ? (
        // The spec ignores a failed load silently; a short note is kinder than an empty page.
        <p className="py-8 text-center text-gray-600">{t('impact.unavailable')}</p>
      ) : (
        <div className="space-y-12">
          <section aria-label={t('impact.headline.label')}>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <HeadlineCard
                icon={Utensils}
                label={t('impact.headline.meals')}
                value={formatNumber(data.headline.mealsShared.value)}
                trend={data.headline.mealsShared.trend}
              />
              <HeadlineCard
                icon={Users}
                label={t('impact.headline.members')}
                value={formatNumber(data.headline.activeMembers.value)}
                trend={data.headline.activeMembers.trend}
              />
              <HeadlineCard
                icon={Recycle}
                label={t('impact.headline.waste')}
                value={t('impact.kg', { value: formatNumber(data.headline.wastePreventedKg.value) })}
                trend={data.headline.wastePreventedKg.trend}
              />
              <HeadlineCard
                icon={Building2}
                label={t('impact.headline.partners')}
                value={formatNumber(data.headline.partnerBusinesses.value)}
                trend={data.headline.partnerBusinesses.trend}
              />
            </ul>
          </section>

          <section aria-labelledby="environment-heading">
            <h2 id="environment-heading" className="mb-4 text-2xl font-semibold text-gray-900">
              {t('impact.environmental.heading')}
            </h2>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <Figure
                icon={Leaf}
                label={t('impact.environmental.co2')}
                value={t('impact.kg', { value: formatNumber(data.environmental.co2SavedKg) })}
              />
              <Figure
                icon={Droplets}
                label={t('impact.environmental.water')}
                value={t('impact.litres', { value: formatNumber(data.environmental.waterSavedLitres) })}
              />
              <Figure
                icon={Recycle}
                label={t('impact.environmental.landfill')}
                value={t('impact.kg', { value: formatNumber(data.environmental.landfillWasteKg) })}
              />
            </ul>
            <div className="mt-4 rounded-lg bg-brand-50 p-5">
              <h3 className="font-semibold text-brand-800">{t('impact.environmental.footprintHeading')}</h3>
              <p className="mt-1 text-gray-800">
                {t('impact.environmental.footprint', { co2: formatNumber(data.environmental.co2SavedKg) })}
              </p>
              <ul className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-gray-800">
                <li className="flex items-center gap-2">
                  <TreePine className="size-5 text-brand-700" aria-hidden />
                  {t('impact.environmental.trees', { value: formatNumber(data.environmental.treeYears) })}
                </li>
                <li className="flex items-center gap-2">
                  <Car className="size-5 text-brand-700" aria-hidden />
                  {t('impact.environmental.km', { value: formatNumber(data.environmental.carKm) })}
                </li>
              </ul>
              <p className="mt-3 text-sm text-gray-700">{t('impact.environmental.estimateNote')}</p>
            </div>
          </section>

          <section aria-labelledby="social-heading">
            <h2 id="social-heading" className="mb-4 text-2xl font-semibold text-gray-900">
              {t('impact.social.heading')}
            </h2>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                icon={Users}
                label={t('impact.social.people')}
                value={formatNumber(data.social.peopleReached)}
              />
              <Figure
                icon={Users}
                label={t('impact.social.families')}
                value={formatNumber(data.social.familiesSupported)}
              />
              <Figure
                icon={Utensils}
                label={t('impact.social.recipients')}
                value={formatNumber(data.social.recipientsServed)}
              />
              <Figure
                icon={MapPin}
                label={t('impact.social.districts')}
                value={formatNumber(data.social.districtsReached)}
              />
            </ul>
            <p className="mt-3 text-sm text-gray-700">{t('impact.social.note')}</p>
          </section>

          <section aria-labelledby="growth-heading">
            <h2 id="growth-heading" className="mb-4 text-2xl font-semibold text-gray-900">
              {t('impact.growth.heading')}
            </h2>
            <div className="h-72 rounded-lg border border-gray-200 bg-white p-3" data-testid="growth-chart">
              <Suspense
                fallback={
                  <p role="status" className="p-4 text-gray-600">
                    {t('impact.growth.loading')}
                  </p>
                }
              >
                <GrowthChart data={data.growth} monthLabel={monthLabel} />
              </Suspense>
            </div>
            {/* A table ignores the 1 px width of sr-only: the wrapper clips it, or the page scrolls sideways. */}
            <div className="sr-only">
              <table>
                <caption>{t('impact.growth.heading')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('impact.growth.month')}</th>
                    <th scope="col">{t('impact.growth.meals')}</th>
                    <th scope="col">{t('impact.growth.waste')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.growth.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      <td>{formatNumber(m.meals)}</td>
                      <td>{formatNumber(m.wasteKg)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="volunteers-heading">
            <h2 id="volunteers-heading" className="mb-4 text-2xl font-semibold text-gray-900">
              {t('impact.volunteers.heading')}
            </h2>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                icon={Users}
                label={t('impact.volunteers.active')}
                value={formatNumber(data.volunteers.activeVolunteers)}
              />
              <Figure
                icon={Truck}
                label={t('impact.volunteers.deliveries')}
                value={formatNumber(data.volunteers.deliveriesCompleted)}
              />
              <Figure
                icon={Clock}
                label={t('impact.volunteers.hours')}
                value={t('impact.hours', { value: formatNumber(data.volunteers.volunteerHours) })}
              />
              <Figure
                icon={TrendingUp}
                label={t('impact.volunteers.onTime')}
                value={
                  data.volunteers.onTimeRate === null
                    ? t('impact.volunteers.noDeliveries')
                    : t('impact.percent', { value: formatNumber(data.volunteers.onTimeRate) })
                }
              />
            </ul>
          </section>

          <CallToAction />
        </div>
      )}
    </PageContainer>
  )
}

function HeadlineCard({
  icon: Icon,
  label,
  value,
  trend,
}: {
  icon: LucideIcon
  label: string
  value: string
  trend: number | null
}) {
  const { t } = useTranslation()
  const up = trend !== null && trend >= 0
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <Icon className="size-7 text-brand-700" aria-hidden />
      <p className="mt-3 text-3xl font-bold text-gray-900">{value}</p>
      <p className="text-sm font-medium text-gray-700">{label}</p>
      {trend !== null && (
        <p
          className={`mt-2 flex items-center gap-1 text-sm font-medium ${up ? 'text-brand-700' : 'text-red-700'}`}
        >
          {up ? (
            <TrendingUp className="size-4" aria-hidden />
          ) : (
            <TrendingDown className="size-4" aria-hidden />
          )}
          {t(up ? 'impact.trendUp' : 'impact.trendDown', { value: formatNumber(Math.abs(trend)) })}
        </p>
      )}
    </li>
  )
}

function Figure({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <Icon className="size-8 shrink-0 text-brand-700" aria-hidden />
      <div>
        <p className="text-2xl font-bold text-gray-900">{value}</p>
        <p className="text-sm text-gray-700">{label}</p>
      </div>
    </li>
  )
}

function CallToAction() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<string | null>(null)

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
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to="/auth"
          className="rounded-md bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t('impact.cta.donate')}
        </Link>
        <Link
          to="/auth"
          className="rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t('impact.cta.volunteer')}
        </Link>
        <button
          type="button"
          onClick={() => void share()}
          className="inline-flex items-center gap-2 rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <Share2 className="size-4" aria-hidden />
          {t('impact.share.button')}
        </button>
      </div>
      <p role="status" className="mt-4 min-h-6 text-brand-50">
        {status}
      </p>
    </section>
  )
}
