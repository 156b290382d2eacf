import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react'
import { nextTask } from './next-task'
import {
  isActivePath,
  type Location,
  matchRoute,
  type NavigateOptions,
  type NavigationAction,
  type Params,
  readHistoryEntry,
  scrollAfter,
} from './routing'

export type { Location, NavigateOptions }

/**
 * The app's router: what Ahara's pages use of React Router (links, navigation, path and search
 * parameters, pages loaded on demand, scroll restoration) in a few kilobytes instead of thirty
 * (docs/decisions/0040-preact-and-a-small-router.md). Names and behaviour follow React Router's, so
 * a page reads as it would with React Router. The pure rules are in routing.ts, unit tested there.
 */

/** What a page's module gives: a component, or an element with its props already set. */
export type PageModule = { Component?: ComponentType; element?: ReactNode }

export type RouteObject = { path: string; element?: ReactNode; lazy?: () => Promise<PageModule> }

type RouterState = {
  location: Location
  action: NavigationAction
  params: Params
  /** The page; undefined while the first page of the visit loads. */
  page: ReactNode | undefined
  preventScrollReset: boolean
}

export type Router = ReturnType<typeof createRouter>

const SCROLL_STORAGE_KEY = 'ahara-scroll-positions'

/**
 * One router for the app: `layout` renders the current page where it puts <Outlet />. A page's
 * code loads before the address bar changes its content, so the old page stays until the new one
 * can show (no blank flash); `failed` shows when a page's code cannot be fetched (offline, or a new
 * version removed it).
 */
export function createRouter({
  layout,
  routes,
  failed,
}: {
  layout: ReactNode
  routes: RouteObject[]
  failed: ReactNode
}) {
  const pages = new Map<RouteObject, Promise<ReactNode>>()
  const listeners = new Set<() => void>()
  const scrollPositions: Record<string, number> = readScrollPositions()
  let latest = 0
  let firstPageShown = () => {}
  const firstPage = new Promise<void>((resolve) => {
    firstPageShown = resolve
  })

  function pageOf(route: RouteObject): Promise<ReactNode> {
    let page = pages.get(route)
    if (!page) {
      page = route.lazy
        ? route.lazy().then(({ Component, element }) => (Component ? <Component /> : element))
        : Promise.resolve(route.element)
      // A failed fetch is tried again on the next visit to the page.
      page.catch(() => pages.delete(route))
      pages.set(route, page)
    }
    return page
  }

  /**
   * Shows `location`'s page once its code is here. `commit` writes the address bar at that moment
   * (a link or navigate call), so the address bar never names a page that is not on screen yet, as
   * with React Router; back and forward have changed it already.
   */
  function settle(
    location: Location,
    action: NavigationAction,
    preventScrollReset = false,
    commit = () => {},
  ) {
    const id = ++latest
    const { route, params } = matchRoute(routes, location.pathname)
    void pageOf(route)
      .catch(() => failed)
      // The first page renders in a task of its own, after the layout's (lib/next-task.ts).
      .then(async (page) => {
        if (state.page === undefined) await nextTask()
        return page
      })
      .then((page) => {
        // A later navigation won: this one's page is no longer wanted.
        if (id !== latest) return
        commit()
        state = { location, action, params, page, preventScrollReset }
        firstPageShown()
        for (const listener of listeners) listener()
      })
  }

  function rememberScroll() {
    scrollPositions[state.location.key] = window.scrollY
  }

  function navigate(to: string, options: NavigateOptions = {}) {
    const url = new URL(to, window.location.href)
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href)
      return
    }
    const entry = { key: Math.random().toString(36).slice(2, 10), usr: options.state ?? null }
    const href = url.pathname + url.search + url.hash
    settle(
      readHistoryEntry(url, entry),
      options.replace ? 'REPLACE' : 'PUSH',
      options.preventScrollReset,
      () => {
        rememberScroll()
        if (options.replace) window.history.replaceState(entry, '', href)
        else window.history.pushState(entry, '', href)
      },
    )
  }

  const initial = readHistoryEntry(window.location, window.history.state)
  // The first entry gets a key too, so that coming back to it restores its scroll position.
  if (window.history.state?.key !== initial.key) {
    window.history.replaceState({ key: initial.key, usr: initial.state }, '')
  }
  let state: RouterState = {
    location: initial,
    action: 'POP',
    params: {},
    page: undefined,
    preventScrollReset: false,
  }

  return {
    layout,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate,
    scrollPositions,
    /**
     * Loads the first page and starts following the back and forward buttons: called before the
     * catalogs load, so that the page's code arrives alongside them.
     */
    start() {
      window.history.scrollRestoration = 'manual'
      window.addEventListener('popstate', () => {
        rememberScroll()
        settle(readHistoryEntry(window.location, window.history.state), 'POP')
      })
      window.addEventListener('pagehide', () => {
        rememberScroll()
        try {
          sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(scrollPositions))
        } catch {
          // Storage full or blocked: positions are only lost across a reload.
        }
      })
      settle(state.location, 'POP')
    },
    /** Settles once the first page of the visit shows. */
    firstPage,
  }
}

function readScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

const RouterContext = createContext<Router | null>(null)

function useRouter(): Router {
  const router = useContext(RouterContext)
  if (!router) throw new Error('Router hooks need a <RouterProvider>')
  return router
}

function useRouterState(): RouterState {
  const router = useRouter()
  return useSyncExternalStore(router.subscribe, router.getState)
}

export function RouterProvider({ router }: { router: Router }) {
  return <RouterContext.Provider value={router}>{router.layout}</RouterContext.Provider>
}

/**
 * The current page. While the first page of the visit loads it suspends, so the layout's
 * <Suspense> fallback shows and the header and footer paint at once.
 */
export function Outlet() {
  const router = useRouter()
  const { page } = useRouterState()
  if (page === undefined) throw router.firstPage
  return <>{page}</>
}

export function useLocation(): Location {
  return useRouterState().location
}

export function useParams(): Params {
  return useRouterState().params
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useRouter().navigate
}

type SearchParamsInit = URLSearchParams | string | ((current: URLSearchParams) => URLSearchParams)

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: NavigateOptions) => void,
] {
  const router = useRouter()
  const { search } = useLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useMemo(
    () => (next: SearchParamsInit, options?: NavigateOptions) => {
      const { pathname, search: current } = router.getState().location
      const value =
        typeof next === 'function' ? next(new URLSearchParams(current)) : new URLSearchParams(next)
      const query = value.toString()
      router.navigate(query ? `${pathname}?${query}` : pathname, options)
    },
    [router],
  )
  return [params, setParams]
}

/** Navigates when rendered: a page that sends its visitor elsewhere (sign in first, say). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state])
  return null
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions

/** Whether a click on a link is the app's to handle; a new tab, a download or a modified click is the browser's. */
function isAppClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.currentTarget.hasAttribute('download')
  )
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, onClick, target, ...props },
  ref,
) {
  const navigate = useNavigate()
  return (
    <a
      ref={ref}
      href={to}
      target={target}
      {...props}
      onClick={(event) => {
        onClick?.(event)
        if (!isAppClick(event, target)) return
        event.preventDefault()
        navigate(to, { replace, state, preventScrollReset })
      }}
    />
  )
})

type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string)
  /** Active on `to` alone, not on the pages below it. */
  end?: boolean
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end, className, ...props },
  ref,
) {
  const { pathname } = useLocation()
  const isActive = isActivePath(pathname, to, end)
  return (
    <Link
      ref={ref}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  )
})

/**
 * As a browser does between real pages: back and forward return to where the page was scrolled,
 * a new page starts at the top (or at its #fragment).
 */
export function ScrollRestoration() {
  const router = useRouter()
  const state = useRouterState()
  useLayoutEffect(() => {
    if (state.page === undefined) return
    const target = scrollAfter(state, router.scrollPositions)
    if (target.kind === 'position') window.scrollTo(0, target.y)
    else if (target.kind === 'element') document.getElementById(target.id)?.scrollIntoView()
  }, [state, router])
  return null
}
