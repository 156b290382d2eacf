import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

/** Demo mode (published password, mailbox with reset links) can never be reachable from another machine. */
describe('modes that cannot be confused', () => {
  it.each(['development', 'test'])(
    'NODE_ENV=%s is demo mode and refuses every setting that serves a network',
    (mode) => {
      const refusals: [Record<string, string>, string][] = [
        [{ HOST: '0.0.0.0' }, 'HOST must be a loopback address'],
        [{ HOST: '192.168.1.20' }, 'HOST must be a loopback address'],
        [{ HOST: '::' }, 'HOST must be a loopback address'],
        [{ DATABASE_URL: 'postgres://db.example.lk/ahara' }, 'DATABASE_URL cannot be used'],
        [{ PUBLIC_URL: 'https://ahara.lk' }, 'PUBLIC_URL cannot be https'],
      ]
      for (const [env, message] of refusals) {
        expect(() => loadConfig({ NODE_ENV: mode, ...env })).toThrow(ConfigError)
        expect(() => loadConfig({ NODE_ENV: mode, ...env })).toThrow(message)
      }
      for (const host of ['127.0.0.1', '::1', 'localhost']) {
        expect(loadConfig({ NODE_ENV: mode, HOST: host }).demo).toBe(true)
      }
    },
  )

  it('production (the default) never seeds the demo community', () => {
    expect(loadConfig({}).seedDemo).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SESSION_SECRET: 'x'.repeat(32) }).seedDemo).toBe(
      false,
    )
    expect(() => loadConfig({ SEED_DEMO: '1' })).toThrow('SEED_DEMO=1 is only for demo mode')
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(ConfigError)
  })

  it('production with PostgreSQL needs a session secret', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow('SESSION_SECRET is required')
  })
})
