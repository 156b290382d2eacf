import { Redirect } from 'wouter'
import { can } from '../../../shared/policy'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { SearchParamTabs } from '../../components/ui/SearchParamTabs'
import { useSignInHere } from '../../lib/return-path'
import { dashboardPath, useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { MODERATION_TABS } from './tabs'

/**
 * /moderation, for moderators only: signed-out visitors sign in and come back, other users go to
 * their dashboard (the server refuses the data anyway, 403).
 */
export function ModerationPage() {
  const { t } = useTranslation()
  const me = useMe()
  const signIn = useSignInHere()
  if (me.isPending) return <p className="p-12 text-center text-gray-600">{t('common.loading')}</p>
  if (!me.data) return <Redirect to={signIn} replace />
  if (!can(me.data, 'moderator.view')) return <Redirect to={dashboardPath(me.data.role)} replace />
  return (
    <PageContainer>
      <PageHeader title={t('moderating.title')} subtitle={t('moderating.subtitle')} />
      <SearchParamTabs
        label={t('moderating.tabsLabel')}
        tabs={MODERATION_TABS.map(({ value, label, Content }) => ({
          value,
          label: t(label),
          content: <Content />,
        }))}
      />
    </PageContainer>
  )
}
