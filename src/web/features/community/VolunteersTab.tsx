import { Link } from 'wouter'
import type { VolunteerCard } from '../../../shared/schemas/stats'
import { Avatar } from '../../components/ui/Avatar'
import { buttonClass } from '../../components/ui/form'
import { BadgeChip } from '../../entities/user/BadgeChip'
import { formatDate, formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useVolunteers } from './api'
import { CardGrid } from './CardGrid'
import { TabSection } from './TabSection'

export function VolunteersTab() {
  const { t } = useTranslation()
  const query = useVolunteers()
  return (
    <TabSection
      id="volunteers"
      heading={t('community.volunteers.heading')}
      action={
        <Link to="/volunteer" className={buttonClass('primary')}>
          {t('community.volunteers.become')}
        </Link>
      }
    >
      <CardGrid
        query={query}
        loading={t('community.volunteers.loading')}
        empty={<p className="py-8 text-center text-gray-600">{t('community.volunteers.empty')}</p>}
        renderCard={(v) => <VolunteerCardView volunteer={v} />}
      />
    </TabSection>
  )
}

function VolunteerCardView({ volunteer: v }: { volunteer: VolunteerCard }) {
  const { t } = useTranslation()
  return (
    <article className="h-full rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <Avatar name={v.name} url={v.avatarUrl} size={64} />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-gray-900" data-user-content>
            {v.name || 'U'}
          </h3>
          {v.location && (
            <p className="truncate text-sm text-gray-600" data-user-content>
              {v.location}
            </p>
          )}
          <p className="text-sm text-gray-600">
            {t('community.volunteers.joined')} {formatDate(v.joinedAt)}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-center">
        <div className="rounded-md bg-brand-50 p-3">
          <dt className="text-xs font-medium text-gray-700">{t('community.volunteers.hours')}</dt>
          <dd className="text-xl font-bold text-brand-800">
            {t('community.volunteers.hoursValue', { hours: formatNumber(v.volunteerHours) })}
          </dd>
        </div>
        <div className="rounded-md bg-amber-50 p-3">
          <dt className="text-xs font-medium text-gray-700">{t('community.volunteers.impactScore')}</dt>
          <dd className="text-xl font-bold text-amber-900">{formatNumber(v.impactScore)}</dd>
        </div>
      </dl>
      {v.badges.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('community.volunteers.badges')}>
          {v.badges.map((b) => (
            <BadgeChip key={b.id} id={b.id} icon={b.icon} />
          ))}
        </ul>
      )}
    </article>
  )
}
