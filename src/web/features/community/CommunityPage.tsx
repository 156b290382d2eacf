import { Tabs } from 'radix-ui'
import { useSearchParams } from 'wouter'
import { useTranslation } from '../../lib/translation'
import { CommunityTop } from './CommunityTop'
import { EventsTab } from './EventsTab'
import { LeaderboardTab } from './LeaderboardTab'
import { StoriesTab } from './StoriesTab'
import { VolunteersTab } from './VolunteersTab'

const TABS = ['stories', 'volunteers', 'leaderboard', 'events'] as const
type Tab = (typeof TABS)[number]

const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '')

/** /community: stories, volunteers, leaderboard and events; the open tab is kept in ?tab=. */
export function CommunityPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: Tab = isTab(requested) ? requested : 'stories'

  return (
    <CommunityTop>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current)
              next.set('tab', value)
              return next
            },
            { replace: true },
          )
        }
      >
        <Tabs.List
          aria-label={t('community.tabsLabel')}
          className="mb-6 flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1"
        >
          {TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow"
            >
              {t(`community.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="stories">
          <StoriesTab />
        </Tabs.Content>
        <Tabs.Content value="volunteers">
          <VolunteersTab />
        </Tabs.Content>
        <Tabs.Content value="leaderboard">
          <LeaderboardTab />
        </Tabs.Content>
        <Tabs.Content value="events">
          <EventsTab />
        </Tabs.Content>
      </Tabs.Root>
    </CommunityTop>
  )
}
