import { PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'

/** The community page's title and promise: also in the page's HTML, before any script (src/web/first-screens.tsx). */
export function CommunityHeading() {
  const { t } = useTranslation()
  return (
    <PageHeader title={t('common.pages.community.title')} subtitle={t('common.pages.community.subtitle')} />
  )
}
