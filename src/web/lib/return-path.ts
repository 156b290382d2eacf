import { useLocation, useSearch } from 'wouter'

/** The query parameter of /auth that names where to go after signing in. */
export const RETURN_PARAM = 'next'

const ORIGIN = 'https://ahara.invalid'

/**
 * `value` if it is a path of this site, else null: `//host`, `/\host`, a scheme or hidden whitespace
 * would send a signed-in user to another site (an open redirect).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null
  // Browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example` means `//evil.example`.
  if (/[\\\s\p{Cc}]/u.test(value)) return null
  return new URL(value, ORIGIN).origin === ORIGIN ? value : null
}

/** The sign-in page, returning to `path` afterwards. */
export function signInPath(path: string): string {
  return `/auth?${new URLSearchParams({ [RETURN_PARAM]: path })}`
}

/**
 * Where Google sends the user back to: the sign-in page with the same return path as the e-mail
 * sign-in, so both ways of signing in end on the page the user came from.
 */
export function googleReturnPath(returnPath: string | null): string {
  const path = safeReturnPath(returnPath)
  return path ? signInPath(path) : '/auth'
}

/** The sign-in page, returning to the page shown now. */
export function useSignInHere(): string {
  const [pathname] = useLocation()
  const search = useSearch()
  return signInPath(search ? `${pathname}?${search}` : pathname)
}
