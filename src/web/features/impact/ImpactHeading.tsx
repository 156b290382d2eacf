import { PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'

/** The impact page's title and promise: also in the page's HTML, before any script (src/web/first-screens.tsx). */
export function ImpactHeading() {
  const { t } = useTranslation()
  return <PageHeader title={t('common.pages.impact.title')} subtitle={t('common.pages.impact.subtitle')} />
}
