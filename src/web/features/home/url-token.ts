/**
 * What the home page does with an access token in its URL: a recovery link goes
 * to /reset-password keeping its query and hash; any other token, once a session exists, goes to the
 * user's dashboard (or /auth while the profile has no role).
 */
export type TokenAction = { kind: 'none' } | { kind: 'recovery'; to: string } | { kind: 'signed-in' }

export function tokenAction(search: string, hash: string): TokenAction {
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const get = (name: string) => query.get(name) ?? fragment.get(name)
  const token = get('access_token') ?? get('token') ?? get('token_hash')
  if (!token) return { kind: 'none' }
  if (get('type') === 'recovery') return { kind: 'recovery', to: `/reset-password${search}${hash}` }
  return { kind: 'signed-in' }
}
