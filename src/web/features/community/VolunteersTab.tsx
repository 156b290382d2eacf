import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VolunteerCard } from '../../../shared/schemas/stats'
import { Avatar } from '../../components/ui/Avatar'
import { buttonClass } from '../../components/ui/form'
import { LoadError, LoadMore } from '../../components/ui/ListState'
import { BadgeChip } from '../../entities/user/BadgeChip'
import { formatDate, formatNumber } from '../../lib/format'
import { useVolunteers } from './queries'

export function VolunteersTab() {
  const { t } = useTranslation()
  const query = useVolunteers()
  const volunteers = query.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <section aria-labelledby="volunteers-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="volunteers-heading" className="text-2xl font-semibold text-gray-900">
          {t('community.volunteers.heading')}
        </h2>
        <Link to="/volunteer" className={buttonClass('primary')}>
          {t('community.volunteers.become')}
        </Link>
      </div>
      {query.isPending ? (
        <p role="status" className="py-8 text-center text-gray-600">
          {t('community.volunteers.loading')}
        </p>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : volunteers.length === 0 ? (
        <p className="py-8 text-center text-gray-600">{t('community.volunteers.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {volunteers.map((v) => (
            <li key={v.id}>
              <VolunteerCardView volunteer={v} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </section>
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
