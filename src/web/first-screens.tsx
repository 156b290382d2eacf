import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { LANGUAGES, type Language } from '../shared/reference-data'
import { FIRST_SCREEN_ID } from './components/layout/FirstScreen'
import { Main } from './components/layout/Main'
import { CommunityTop } from './features/community/CommunityTop'
import { FindFoodTop } from './features/find-food/FindFoodTop'
import { HomeHero } from './features/home/HomeHero'
import { ImpactTop } from './features/impact/ImpactTop'
import { ListingFirstScreen } from './features/listing-page/ListingTop'
import { PAGE_NAMESPACES } from './lib/catalog-groups'
import { loadPageNamespaces, startI18n, translateInto } from './lib/i18n'
import { LanguageProvider } from './lib/translation'

/**
 * The top of each page that needs neither the page's data nor the reader's session: the page's own
 * component for it, which the page renders with its content inside. The build writes it into the
 * page's HTML in each language (scripts/vite/first-visit.ts): the title shows before any script
 * arrives (docs/decisions/0042-first-screen-in-the-html.md). Keys are routes.tsx's paths.
 */
export const FIRST_SCREENS: Record<string, () => ReactNode> = {
  '/': () => <HomeHero />,
  '/find-food': () => <FindFoodTop />,
  '/impact': () => <ImpactTop />,
  '/community': () => <CommunityTop />,
  // The photo's place, which the server fills with the listing's (listing-page/html.ts).
  '/listings/:id': () => <ListingFirstScreen />,
}

export type FirstScreenHtml = Record<string, Record<Language, string>>

/**
 * Each first screen's HTML in each language, as it stands in the app's layout. Run by the build, with
 * React DOM's renderToString as `render`.
 */
export async function renderFirstScreens(render: (element: ReactNode) => string): Promise<FirstScreenHtml> {
  await startI18n('en')
  await loadPageNamespaces(...PAGE_NAMESPACES)
  const html: FirstScreenHtml = Object.fromEntries(
    Object.keys(FIRST_SCREENS).map((path) => [path, {} as Record<Language, string>]),
  )
  for (const language of LANGUAGES) {
    await translateInto(language)
    for (const [path, Screen] of Object.entries(FIRST_SCREENS)) {
      html[path]![language] = render(
        // A path for the screens' links, which read the location: there is none at build time.
        <Router ssrPath={path}>
          <LanguageProvider>
            <Main>
              <div id={FIRST_SCREEN_ID}>
                <Screen />
              </div>
            </Main>
          </LanguageProvider>
        </Router>,
      )
    }
  }
  return html
}
