import type { ReactNode } from 'react'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'

/**
 * The community page's container and title, with the page's content below them (`children`). The page's HTML has
 * it without the content, before any script (src/web/first-screens.tsx).
 */
export function CommunityTop({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.community.title')} subtitle={t('common.pages.community.subtitle')} />
      {children}
    </PageContainer>
  )
}
