import type { ReactNode } from 'react'
import { LANGUAGES, type Language } from '../shared/reference-data'
import { FIRST_SCREEN_ID, Main } from './components/layout/FirstScreen'
import { PageContainer } from './components/ui/PageHeader'
import { CommunityHeading } from './features/community/CommunityHeading'
import { FindFoodHeading } from './features/find-food/FindFoodHeading'
import { HomeHero } from './features/home/HomeHero'
import { ImpactHeading } from './features/impact/ImpactHeading'
import { PAGE_NAMESPACES } from './lib/catalog-groups'
import { loadPageNamespaces, startI18n, translateInto } from './lib/i18n'
import { LanguageProvider } from './lib/translation'

/**
 * The top of each page that needs neither the page's data nor the reader's session, as the page
 * itself renders it. The build writes it into the page's HTML in each language
 * (scripts/vite/first-visit.ts): the title shows before any script arrives, and it is the page's
 * largest paint (docs/decisions/0042-first-screen-in-the-html.md). Keys are routes.tsx's paths.
 */
export const FIRST_SCREENS: Record<string, () => ReactNode> = {
  '/': () => <HomeHero />,
  '/find-food': () => (
    <PageContainer>
      <FindFoodHeading />
    </PageContainer>
  ),
  '/impact': () => (
    <PageContainer>
      <ImpactHeading />
    </PageContainer>
  ),
  '/community': () => (
    <PageContainer>
      <CommunityHeading />
    </PageContainer>
  ),
}

export type FirstScreenHtml = Record<string, Record<Language, string>>

/**
 * Each first screen's HTML in each language, as it stands in the app's layout. Run by the build, with
 * Preact's renderToString as `render`.
 */
export async function renderFirstScreens(render: (element: ReactNode) => string): Promise<FirstScreenHtml> {
  await startI18n('en')
  await loadPageNamespaces(...PAGE_NAMESPACES)
  const html: FirstScreenHtml = {}
  for (const language of LANGUAGES) {
    await translateInto(language)
    for (const [path, Screen] of Object.entries(FIRST_SCREENS)) {
      const screens = html[path] ?? ({} as Record<Language, string>)
      screens[language] = render(
        <LanguageProvider>
          <Main>
            <div id={FIRST_SCREEN_ID}>
              <Screen />
            </div>
          </Main>
        </LanguageProvider>,
      )
      html[path] = screens
    }
  }
  return html
}
