import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeOidcUser = {
  sub: string
  email: string
  name: string
  picture?: string
  /** Whether Google vouches for the address (its email_verified claim); true unless false. */
  emailVerified?: boolean
}

/**
 * A local OpenID Connect provider standing in for Google: discovery, an authorize endpoint that
 * signs `user` in at once and redirects back with a code, a token endpoint and userinfo.
 */
export async function startFakeOidc(user: FakeOidcUser) {
  const codes = new Map<string, string>()
  const tokens = new Map<string, FakeOidcUser>()
  let current = user
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer())
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: issuer(),
        authorization_endpoint: `${issuer()}/authorize`,
        token_endpoint: `${issuer()}/token`,
        userinfo_endpoint: `${issuer()}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      })
    }
    if (url.pathname === '/authorize') {
      const code = randomBytes(8).toString('hex')
      codes.set(code, current.sub)
      const back = new URL(url.searchParams.get('redirect_uri') ?? '')
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? ''
        if (!codes.has(code)) return json(400, { error: 'invalid_grant' })
        codes.delete(code)
        const accessToken = randomBytes(16).toString('hex')
        tokens.set(accessToken, current)
        json(200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'openid email profile',
        })
      })
      return
    }
    if (url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      const who = tokens.get(token)
      if (!who) return json(401, { error: 'invalid_token' })
      const { emailVerified = true, ...claims } = who
      return json(200, { ...claims, email_verified: emailVerified })
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  function issuer() {
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  return {
    discoveryUrl: `${issuer()}/.well-known/openid-configuration`,
    /** Changes who signs in next. */
    setUser(next: FakeOidcUser) {
      current = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
