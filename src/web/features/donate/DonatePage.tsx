import { can } from '../../../shared/policy'
import { PageLoading } from '../../components/layout/PageLoading'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { BecomeDonor } from './BecomeDonor'
import { DonateWizard } from './DonateWizard'

/** Donate: the four-step wizard for donors; everyone else learns how to become one. */
export function DonatePage() {
  const { t } = useTranslation()
  const me = useMe()
  return (
    <PageContainer narrow>
      <PageHeader title={t('common.pages.donate.title')} subtitle={t('common.pages.donate.subtitle')} />
      {me.isPending ? (
        <PageLoading />
      ) : me.data && can(me.data, 'listing.create') ? (
        <DonateWizard me={me.data} />
      ) : (
        <BecomeDonor me={me.data ?? null} />
      )}
    </PageContainer>
  )
}
