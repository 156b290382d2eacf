import { SearchParamTabs } from '../../components/ui/SearchParamTabs'
import { useTranslation } from '../../lib/translation'
import { CommunityTop } from './CommunityTop'
import { DansalTab } from './DansalTab'
import { EventsTab } from './EventsTab'
import { LeaderboardTab } from './LeaderboardTab'
import { StoriesTab } from './StoriesTab'
import { VolunteersTab } from './VolunteersTab'

/**
 * /community: stories, volunteers, leaderboard, events and dansal stalls; the open tab is kept in ?tab=. The tabs
 * wrap onto a second line on a phone, so every one is in reach without scrolling sideways.
 */
export function CommunityPage() {
  const { t } = useTranslation()
  return (
    <CommunityTop>
      <SearchParamTabs
        label={t('community.tabsLabel')}
        tabs={[
          { value: 'stories', label: t('community.tabs.stories'), content: <StoriesTab /> },
          { value: 'volunteers', label: t('community.tabs.volunteers'), content: <VolunteersTab /> },
          { value: 'leaderboard', label: t('community.tabs.leaderboard'), content: <LeaderboardTab /> },
          { value: 'events', label: t('community.tabs.events'), content: <EventsTab /> },
          { value: 'dansal', label: t('community.tabs.dansal'), content: <DansalTab /> },
        ]}
      />
    </CommunityTop>
  )
}
