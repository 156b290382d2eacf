import type { ReactNode } from 'react'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'

/**
 * Find Food's container and title, with the page's content below them (`children`). The page's HTML has
 * it without the content, before any script (src/web/first-screens.tsx).
 */
export function FindFoodTop({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.findFood.title')} subtitle={t('common.pages.findFood.subtitle')} />
      {children}
    </PageContainer>
  )
}
