import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useLayoutEffect,
  useRef,
} from 'react'
import { Route, Router, Switch, useLocation, useSearch } from 'wouter'
import {
  navigate as browserNavigate,
  useBrowserLocation,
  useSearch as useBrowserSearch,
} from 'wouter/use-browser-location'
import { matchPath } from '../../shared/paths'
import { entryKey, readScrollPositions, SCROLL_STORAGE_KEY, scrollAfter } from './scroll-rules'

/**
 * What wouter leaves to the app (docs/decisions/0043-react-and-wouter.md): pages loaded on demand
 * while the old page stays on screen, back and forward to where each page was scrolled, and a page
 * whose code cannot be fetched. Routing itself (matching, links, search parameters, redirects) is
 * wouter's.
 */

/** A page of routes.tsx: its code (and catalogs) loaded on demand, or an element at hand. */
export type PageRoute = {
  path: string
  lazy?: () => Promise<{ Component?: ComponentType; element?: ReactNode }>
  element?: ReactNode
}

/**
 * Read from sessionStorage when first needed, not while the app's modules evaluate: a page's first
 * use of storage is a slow call on a cheap phone (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
let savedPositions: Record<string, number> | undefined
function scrollPositions(): Record<string, number> {
  savedPositions ??= typeof window === 'undefined' ? {} : readScrollPositions()
  return savedPositions
}
/** The history entry whose page is on screen. */
let shownKey = 'default'
/** Whether the latest change of address came from back or forward; a reload counts as one. */
let popped = true

function rememberScroll() {
  scrollPositions()[shownKey] = window.scrollY
}

/** Each entry the app pushes gets a key, under which its scroll position is kept. */
function navigate(to: string, options: { replace?: boolean } = {}) {
  rememberScroll()
  popped = false
  browserNavigate(to, { replace: options.replace, state: { key: Math.random().toString(36).slice(2, 10) } })
}

/**
 * The address as the pages see it. It follows the address bar a render behind (useDeferredValue): a
 * render of the new page that waits for its code leaves the old page on screen instead of 'Loading…'.
 */
function usePageLocation(): [string, typeof navigate] {
  const [path] = useBrowserLocation()
  return [useDeferredValue(path), navigate]
}
usePageLocation.searchHook = function usePageSearch() {
  return useDeferredValue(useBrowserSearch())
}

/** Starts following back and forward for scroll positions; called once before the first render. */
export function startNavigation() {
  window.history.scrollRestoration = 'manual'
  // The first entry gets a key too, so that coming back to it restores its scroll position.
  if (entryKey(window.history.state) === 'default') {
    window.history.replaceState({ key: Math.random().toString(36).slice(2, 10) }, '')
  }
  window.addEventListener('popstate', () => {
    rememberScroll()
    popped = true
  })
  window.addEventListener('pagehide', () => {
    rememberScroll()
    try {
      sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(scrollPositions()))
    } catch {
      // Storage full or blocked: positions are only lost across a reload.
    }
  })
}

/** As a browser does between real pages: back and forward return to where the page was scrolled. */
function ScrollRestoration() {
  const [pathname] = useLocation()
  const search = useSearch()
  const previousPath = useRef<string | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each entry shown, a change of the query alone included (back to another tab).
  useLayoutEffect(() => {
    shownKey = entryKey(window.history.state)
    const target = scrollAfter({
      popped,
      saved: scrollPositions()[shownKey],
      hash: window.location.hash,
      pathChanged: previousPath.current !== null && previousPath.current !== pathname,
    })
    previousPath.current = pathname
    popped = false
    if (target.kind === 'position') window.scrollTo(0, target.y)
    else if (target.kind === 'element') document.getElementById(target.id)?.scrollIntoView()
  }, [pathname, search])
  return null
}

type PageModule = Awaited<ReturnType<NonNullable<PageRoute['lazy']>>>

const pageLoads = new Map<PageRoute, Promise<PageModule>>()
const loadedPages = new Map<PageRoute, LazyExoticComponent<ComponentType>>()
/** Routes whose code could not be fetched: fetched again once the reader has gone elsewhere. */
const failedPages = new Set<PageRoute>()

/** A route's code, fetched once; a failed fetch is tried again on the next visit (forgetFailedPages). */
function loadPage(route: PageRoute, load: NonNullable<PageRoute['lazy']>): Promise<PageModule> {
  let loading = pageLoads.get(route)
  if (!loading) {
    loading = load()
    loading.catch(() => failedPages.add(route))
    pageLoads.set(route, loading)
  }
  return loading
}

function forgetFailedPages(pathname: string) {
  for (const route of failedPages) {
    if (matchPath(route.path, pathname)) continue
    failedPages.delete(route)
    pageLoads.delete(route)
    loadedPages.delete(route)
  }
}

/** Starts fetching the code of the page at `pathname`, before the first render needs it. */
export function preloadPage(routes: PageRoute[], pathname: string) {
  const route = routes.find(({ path }) => matchPath(path, pathname))
  if (route?.lazy) void loadPage(route, route.lazy).catch(() => {})
}

/** A route's page component, its code fetched on first render unless preloaded. */
function pageOf(route: PageRoute, load: NonNullable<PageRoute['lazy']>) {
  let Page = loadedPages.get(route)
  if (!Page) {
    Page = lazy(() =>
      loadPage(route, load).then(({ Component, element }) => ({ default: Component ?? (() => element) })),
    )
    loadedPages.set(route, Page)
  }
  return Page
}

type BoundaryProps = { path: string; failed: ReactNode; children: ReactNode }

/** Shows `failed` in place of a page that could not load or render, until the reader goes elsewhere. */
class PageBoundary extends Component<BoundaryProps, { path: string; failed: boolean }> {
  state = { path: this.props.path, failed: false }

  static getDerivedStateFromProps(props: BoundaryProps, state: { path: string }) {
    return props.path === state.path ? null : { path: props.path, failed: false }
  }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    return this.state.failed ? this.props.failed : this.props.children
  }
}

/** wouter's router with the app's location: every page and link of the app sits inside it. */
export function PageRouter({ children }: { children: ReactNode }) {
  return <Router hook={usePageLocation}>{children}</Router>
}

/**
 * The page the address names: `loading` in place of the first page while its code arrives (later
 * navigations keep the old page instead), `failed` for a page whose code could not be fetched
 * (offline, or a new version removed it), `notFound` when no route matches.
 */
export function Pages({
  routes,
  loading,
  failed,
  notFound,
}: {
  routes: PageRoute[]
  loading: ReactNode
  failed: ReactNode
  notFound: ReactNode
}) {
  const [path] = useLocation()
  forgetFailedPages(path)
  return (
    <PageBoundary path={path} failed={failed}>
      <Suspense fallback={loading}>
        <Switch>
          {routes.map((route) => {
            const { lazy: load } = route
            const Page = load ? pageOf(route, load) : null
            return (
              <Route key={route.path} path={route.path}>
                {Page ? <Page /> : route.element}
              </Route>
            )
          })}
          <Route>{notFound}</Route>
        </Switch>
        {/* Inside the boundary: it scrolls once the page it scrolls is on screen. */}
        <ScrollRestoration />
      </Suspense>
    </PageBoundary>
  )
}
