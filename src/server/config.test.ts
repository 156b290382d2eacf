import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('gives the documented defaults: production, on every address, no demo', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'production',
      demo: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      seedDemo: false,
      trustProxy: false,
      apiDocs: false,
      supportEmail: 'support@ahara.lk',
      google: undefined,
    })
  })

  it('gives demo mode loopback, its own folder, the demo community and the API docs', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      demo: true,
      host: 'localhost',
      dataDir: './data/demo',
      seedDemo: true,
      apiDocs: true,
    })
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(loadConfig({ API_DOCS: '1' }).apiDocs).toBe(true)
  })

  it.each([
    ['1', 1],
    ['2', 2],
    ['off', false],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7, ::1, fd00::/8', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc"'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL="mysql://localhost/db"'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL="not a url"'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL="nobody"'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO="maybe"'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY="true"'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY="10.0.0.0/33"'],
    [{ TRUST_PROXY: 'proxy.example.lk' }, 'TRUST_PROXY="proxy.example.lk"'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV="staging"'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })
})
