/**
 * Route patterns ('/listings/:id', '*' for anything): the web app's router opens a page by them, and
 * the server by them names the files a first visit to that page needs (docs/decisions/0041-first-visit-main-thread.md).
 */

export type Params = Record<string, string | undefined>

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

/**
 * The parameters of `pathname` under `pattern` ('/listings/:id', '*' for anything), or null when it
 * does not match. Static segments ignore case; a trailing slash does not matter.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {}
  const wanted = segments(pattern)
  const given = segments(pathname)
  if (wanted.length !== given.length) return null
  const params: Params = {}
  for (const [index, part] of wanted.entries()) {
    const value = given[index]!
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value)
      } catch {
        // A malformed escape (%E0%A4) is no page's parameter.
        return null
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) {
      return null
    }
  }
  return params
}
