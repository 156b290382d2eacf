import { PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'

/** Find Food's title and promise: also in the page's HTML, before any script (src/web/first-screens.tsx). */
export function FindFoodHeading() {
  const { t } = useTranslation()
  return (
    <PageHeader title={t('common.pages.findFood.title')} subtitle={t('common.pages.findFood.subtitle')} />
  )
}
