import { useState } from 'react'
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../shared/impact'
import { Avatar } from '../../components/ui/Avatar'
import { ChoiceButtons } from '../../components/ui/ChoiceButtons'
import { LoadError } from '../../components/ui/ListState'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useLeaderboard } from './api'
import { TabSection } from './TabSection'

const RANK_STYLES: Record<number, string> = {
  1: 'bg-yellow-400 text-gray-900',
  2: 'bg-gray-300 text-gray-900',
  3: 'bg-amber-700 text-white',
}
const PERIOD_KEYS: Record<LeaderboardPeriod, string> = {
  month: 'community.leaderboard.month',
  year: 'community.leaderboard.year',
  all: 'community.leaderboard.all',
}

export function LeaderboardTab() {
  const { t } = useTranslation()
  const [period, setPeriod] = useState<LeaderboardPeriod>('month')
  const query = useLeaderboard(period)
  const entries = query.data?.entries ?? []

  return (
    <TabSection
      id="leaderboard"
      heading={t('community.leaderboard.heading')}
      action={
        <ChoiceButtons
          legend={t('community.leaderboard.period')}
          choices={LEADERBOARD_PERIODS}
          value={period}
          onChange={setPeriod}
          labelOf={(value) => t(PERIOD_KEYS[value])}
          className="flex gap-1 rounded-lg bg-gray-100 p-1"
          buttonClassName="rounded-md px-3 py-1.5 text-sm font-medium"
          pressedClassName="bg-white text-brand-800 shadow"
          idleClassName="text-gray-700 hover:bg-gray-200"
        />
      }
    >
      <div className="rounded-lg border border-gray-200 bg-white shadow-sm">
        <h3 className="border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900">
          {t('community.leaderboard.top')}
        </h3>
        {query.isPending ? (
          <p role="status" className="p-6 text-center text-gray-600">
            {t('community.leaderboard.loading')}
          </p>
        ) : query.isError ? (
          <div className="p-4">
            <LoadError onRetry={() => void query.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <p className="p-6 text-center text-gray-600">{t('community.leaderboard.empty')}</p>
        ) : (
          <ol className="divide-y divide-gray-100" aria-busy={query.isFetching}>
            {entries.map((e) => (
              <li key={e.id} className="flex items-center gap-3 px-5 py-3">
                <span
                  className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    RANK_STYLES[e.rank] ?? 'bg-gray-100 text-gray-700'
                  }`}
                >
                  <span className="sr-only">{t('community.leaderboard.rank')} </span>
                  {formatNumber(e.rank)}
                </span>
                <Avatar name={e.name} url={e.avatarUrl} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900" data-user-content>
                    {e.name}
                  </p>
                  <p className="truncate text-sm text-gray-600">
                    {e.role && t(`community.roles.${e.role}`)}
                    {e.role && e.location && ' · '}
                    {e.location && <span data-user-content>{e.location}</span>}
                  </p>
                </div>
                <div className="text-right">
                  <p className="text-lg font-bold text-brand-800">{formatNumber(e.score)}</p>
                  <p className="text-xs text-gray-600">{t('community.leaderboard.score')}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      <p className="mt-3 text-sm text-gray-600">{t('community.leaderboard.howScored')}</p>
    </TabSection>
  )
}
