import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      supportEmail: 'support@ahara.lk',
      google: undefined,
    })
  })

  it('turns demo data off by default with DATABASE_URL, on with SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: '1' }).seedDemo).toBe(true)
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc"'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL="mysql://localhost/db"'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL="not a url"'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL="nobody"'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO="maybe"'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })
})
