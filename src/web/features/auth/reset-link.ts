/** What a reset link carries, from its query or its fragment (older mail clients keep either). */
export type ResetLink =
  | { token: string }
  | { error: 'expired' }
  | { error: 'missing' }
  | { error: 'other'; description: string }

export function readResetLink(search: string, hash: string): ResetLink {
  const params = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const get = (name: string) => params.get(name) ?? fragment.get(name)
  const code = get('error_code') ?? get('error')
  if (code) {
    if (code === 'otp_expired') return { error: 'expired' }
    return { error: 'other', description: get('error_description') ?? code }
  }
  const token = get('token') ?? get('access_token')
  return token ? { token } : { error: 'missing' }
}
