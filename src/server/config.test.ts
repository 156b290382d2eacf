import { createECDH } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { ConfigError, loadConfig, tilesOrigin } from './config'

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
      social: { facebook: null, instagram: null, twitter: null },
    })
  })

  it('reads the social links, https only', () => {
    const config = loadConfig({ SOCIAL_FACEBOOK_URL: 'https://facebook.com/ahara.lk' })
    expect(config.social).toEqual({
      facebook: 'https://facebook.com/ahara.lk',
      instagram: null,
      twitter: null,
    })
    expect(() => loadConfig({ SOCIAL_TWITTER_URL: 'http://x.com/ahara' })).toThrow(
      /SOCIAL_TWITTER_URL="http:\/\/x.com\/ahara": must be an https:\/\/ URL/,
    )
  })

  it("reads the map's tiles: OpenStreetMap's by default, with their credit; a bad address fails the start", () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    })
    const own = loadConfig({ MAP_TILES_URL: 'http://127.0.0.1:4100/{z}/{x}/{y}.png' })
    expect(own.mapTiles.url).toBe('http://127.0.0.1:4100/{z}/{x}/{y}.png')
    expect(tilesOrigin(own.mapTiles)).toBe('http://127.0.0.1:4100')
    expect(tilesOrigin({ url: 'https://{s}.tiles.example.lk/{z}/{x}/{y}.png', attribution: 'x' })).toBe(
      'https://*.tiles.example.lk',
    )
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.lk/tile.png' })).toThrow(
      /MAP_TILES_URL=.*must be an http:\/\/ or https:\/\/ URL with \{z\}, \{x\} and \{y\}/,
    )
    expect(() => loadConfig({ MAP_TILES_URL: 'ftp://tiles.example.lk/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL/,
    )
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

  it('serves no metrics unless a token or a port is set, and binds their port to loopback by default', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' })
    const token = 'm'.repeat(32)
    expect(
      loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics,
    ).toEqual({
      token,
      port: 9100,
      host: '0.0.0.0',
    })
  })

  it('takes the fair-use defaults of src/shared/fair-use.ts, each overridable, whole numbers from 1', () => {
    expect(loadConfig({}).fairUse).toEqual({
      maxOpenOrders: 3,
      maxDailyFreePortions: 10,
      noShowsToPause: 3,
      noShowWindowDays: 30,
      pauseDays: 7,
    })
    expect(loadConfig({ FAIR_USE_MAX_OPEN_ORDERS: '5', FAIR_USE_PAUSE_DAYS: '14' }).fairUse).toMatchObject({
      maxOpenOrders: 5,
      pauseDays: 14,
    })
    for (const bad of ['0', '2.5', 'lots']) {
      expect(() => loadConfig({ FAIR_USE_MAX_DAILY_FREE_PORTIONS: bad })).toThrow(
        'FAIR_USE_MAX_DAILY_FREE_PORTIONS',
      )
    }
  })

  it('never prints a secret it refuses', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrow('SESSION_SECRET=(hidden)')
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).not.toThrow('hunter2')
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
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN=(hidden): must be at least 24 characters'],
    [{ METRICS_TOKEN: `${'x'.repeat(24)} y` }, 'METRICS_TOKEN=(hidden): must be printable ASCII'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT="nine"'],
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT="65536"'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT'],
    [
      { NODE_ENV: 'development', METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' },
      'METRICS_HOST must be a loopback',
    ],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })
})

describe('object storage and Redis settings', () => {
  const s3 = {
    S3_BUCKET: 'ahara-uploads',
    S3_ENDPOINT: 'http://minio.internal:9000',
    S3_REGION: 'ap-south-1',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: '1',
  }

  it('keeps the local folder and in-memory limits when none is set', () => {
    expect(loadConfig({})).toMatchObject({ s3: undefined, redisUrl: undefined })
  })

  it('reads a complete S3 set, the endpoint optional (AWS itself)', () => {
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'ahara-uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'ap-south-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    const { S3_ENDPOINT: _e, S3_FORCE_PATH_STYLE: _f, ...aws } = s3
    expect(loadConfig(aws).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false })
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redisUrl).toBe('redis://10.0.0.5:6379/2')
  })

  it.each([
    [{ S3_BUCKET: 'ahara-uploads' }, 'S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too'],
    [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY must be set too'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET, S3_REGION'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT="minio:9000"'],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE="sometimes"'],
    [{ REDIS_URL: 'http://redis:6379' }, 'REDIS_URL="http://redis:6379"'],
  ])('refuses %j, naming what is missing or wrong', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(named)
  })
})

describe('web push keys (VAPID)', () => {
  // web-push pads the private key to 32 bytes; ECDH's getPrivateKey drops a leading zero byte
  // (1 run in 256), which the config rightly refuses.
  const pair = (() => {
    const keys = webpush.generateVAPIDKeys()
    return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }
  })()

  it('reads a matching pair and a subject; the subject defaults to the support address', () => {
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'https://ahara.lk/contact' }).vapid).toEqual({
      keys: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      subject: 'https://ahara.lk/contact',
    })
    expect(loadConfig({}).vapid).toEqual({ keys: undefined, subject: 'mailto:support@ahara.lk' })
  })

  it.each([
    [
      { VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY },
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    ],
    [{ ...pair, VAPID_PUBLIC_KEY: 'BAAA' }, 'VAPID_PUBLIC_KEY="BAAA": must be a P-256 public key'],
    [{ ...pair, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY=(hidden): must be a P-256 private key'],
    [
      { ...pair, VAPID_PUBLIC_KEY: createECDH('prime256v1').generateKeys('base64url') },
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    ],
    [{ VAPID_SUBJECT: 'ahara.lk' }, 'VAPID_SUBJECT="ahara.lk": must be a mailto: address or an https:// URL'],
    [{ VAPID_SUBJECT: 'http://ahara.lk' }, 'must be a mailto: address or an https:// URL'],
  ])('refuses %j with a clear error', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('never prints the private key it refuses', () => {
    const wrong = `${pair.VAPID_PRIVATE_KEY.slice(0, 20)}!`
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: wrong })).not.toThrow(wrong)
  })
})

describe('SMS over SMPP', () => {
  it('reads the SMSC, the sender id and the rate; without SMS_URL there is no SMS', () => {
    expect(
      loadConfig({ SMS_URL: 'smpp://ahara:s3cret@smsc.example.lk:2775', SMS_FROM: 'Ahara' }).sms,
    ).toEqual({
      url: 'smpp://ahara:s3cret@smsc.example.lk:2775',
      from: 'Ahara',
      perSecond: 10,
    })
    expect(loadConfig({}).sms).toBeUndefined()
  })

  it.each([
    [
      { SMS_URL: 'http://smsc.example.lk:2775', SMS_FROM: 'Ahara' },
      'must be smpp://<system_id>:<password>@<host>:<port>',
    ],
    [
      { SMS_URL: 'smpp://smsc.example.lk:2775', SMS_FROM: 'Ahara' },
      'must be smpp://<system_id>:<password>@<host>:<port>',
    ],
    [{ SMS_URL: 'smpp://ahara:pw@smsc.example.lk:2775' }, 'SMS_FROM must be set with SMS_URL'],
    [{ SMS_FROM: 'Ahara Food Sharing' }, 'must be a sender id of 1 to 11 letters and digits, or a number'],
    [{ SMS_PER_SECOND: '0' }, 'SMS_PER_SECOND="0": must be a whole number from 1 to 1000'],
  ])('refuses %j with a clear error', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('never prints the SMSC password it refuses', () => {
    expect(() => loadConfig({ SMS_URL: 'smpp://ahara:s3cret@smsc', SMS_FROM: 'Ahara' })).not.toThrow('s3cret')
  })
})
