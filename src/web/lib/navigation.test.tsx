// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Link, useLocation, useSearchParams } from 'wouter'
import { type PageRoute, PageRouter, Pages, startNavigation } from './navigation'
import { useSignInHere } from './return-path'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}

/** A page's code (and catalogs) that arrives when the test says so. */
function pending() {
  let arrive = (_page: () => ReactNode) => {}
  let fail = (_error: Error) => {}
  let calls = 0
  const load: PageRoute['lazy'] = () => {
    calls++
    return new Promise((resolve, reject) => {
      arrive = (Page) => resolve({ Component: () => <>{Page()}</> })
      fail = reject
    })
  }
  return {
    load,
    arrive: (page: () => ReactNode) => act(async () => arrive(page)),
    fail: (error: Error) => act(async () => fail(error)),
    calls: () => calls,
  }
}

/** Components the tests render as pages. */
function SignIn() {
  return <a href={useSignInHere()}>Sign in</a>
}

function Filters() {
  const [params, setParams] = useSearchParams()
  const [path] = useLocation()
  return (
    <button type="button" onClick={() => setParams({ type: 'free' }, { replace: true })}>
      {path} {params.get('type') ?? 'any'}
    </button>
  )
}

function Tabs() {
  const [, setParams] = useSearchParams()
  return (
    <>
      <Link to="/help">Help</Link>
      <button type="button" onClick={() => setParams({ tab: 'events' })}>
        Events
      </button>
    </>
  )
}

let container: HTMLElement
let root: Root

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true
  startNavigation()
})

beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})

afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
})

async function show(routes: PageRoute[], at: string) {
  window.history.replaceState({ key: `start-${at}` }, '', at)
  await act(async () =>
    root.render(
      <PageRouter>
        <Pages
          routes={routes}
          loading={<p>Loading…</p>}
          failed={<p>Could not be loaded</p>}
          notFound={<p>Not found</p>}
        />
      </PageRouter>,
    ),
  )
}

async function click(text: string) {
  const link = [...container.querySelectorAll('a')].find((a) => a.textContent === text)
  if (!link) throw new Error(`no link "${text}" in: ${container.innerHTML}`)
  await act(async () =>
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })),
  )
}

async function back() {
  await act(async () => {
    window.history.back()
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
}

describe('pages loaded on demand', () => {
  it('shows the loading stand-in for the first page, then the page once its code and catalogs arrive', async () => {
    const home = pending()
    await show([{ path: '/', lazy: home.load }], '/')
    expect(container.textContent).toBe('Loading…')
    await home.arrive(() => <h1>Home</h1>)
    expect(container.textContent).toBe('Home')
  })

  it('keeps the old page on screen until the new page can show, and fetches each page once', async () => {
    const listing = pending()
    const routes: PageRoute[] = [
      { path: '/', element: <Link to="/listings/7">Rice</Link> },
      { path: '/listings/:id', lazy: listing.load },
    ]
    await show(routes, '/')
    await click('Rice')
    expect(window.location.pathname).toBe('/listings/7')
    expect(container.textContent).toBe('Rice')
    await listing.arrive(() => <h1>Listing</h1>)
    expect(container.textContent).toBe('Listing')
    expect(listing.calls()).toBe(1)
  })

  it('shows "could not be loaded" for a page whose code fails, and tries again on the next visit', async () => {
    const impact = pending()
    const routes: PageRoute[] = [
      { path: '/', element: <Link to="/impact">Impact</Link> },
      { path: '/help', element: <Link to="/impact">Impact again</Link> },
      { path: '/impact', lazy: impact.load },
    ]
    await show(routes, '/')
    await click('Impact')
    await impact.fail(new Error('offline'))
    expect(container.textContent).toBe('Could not be loaded')
    await act(async () => window.history.pushState({ key: 'help' }, '', '/help'))
    expect(container.textContent).toBe('Impact again')
    await click('Impact again')
    expect(impact.calls()).toBe(2)
    await impact.arrive(() => <h1>Impact</h1>)
    expect(container.textContent).toBe('Impact')
  })

  it('shows the not-found page for an address no route names', async () => {
    await show([{ path: '/', element: <p>Home</p> }], '/nowhere')
    expect(container.textContent).toBe('Not found')
  })
})

describe('addresses', () => {
  it('gives the sign-in page the path and query to come back to (?next=)', async () => {
    await show([{ path: '/find-food', element: <SignIn /> }], '/find-food?q=rice')
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/auth?next=%2Ffind-food%3Fq%3Drice')
  })

  it('reads and writes search parameters in the address (Find Food filters)', async () => {
    await show([{ path: '/find-food', element: <Filters /> }], '/find-food')
    expect(container.textContent).toBe('/find-food any')
    await act(async () => container.querySelector('button')!.click())
    expect(window.location.search).toBe('?type=free')
    expect(container.textContent).toBe('/find-food free')
  })
})

describe('scroll restoration', () => {
  it('starts a new page at the top, returns to where a page was left on back, keeps it when only the query changes', async () => {
    const routes: PageRoute[] = [
      { path: '/community', element: <Tabs /> },
      { path: '/help', element: <p>Help page</p> },
    ]
    await show(routes, '/community')
    window.scrollTo(0, 640)
    await act(async () => container.querySelector('button')!.click())
    expect(window.location.search).toBe('?tab=events')
    expect(window.scrollY).toBe(640)
    await click('Help')
    expect(container.textContent).toBe('Help page')
    expect(window.scrollY).toBe(0)
    await back()
    expect(window.location.pathname).toBe('/community')
    expect(window.scrollY).toBe(640)
  })
})
