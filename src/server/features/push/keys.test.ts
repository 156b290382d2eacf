import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { resolveVapidKeys } from './keys'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function dataDir() {
  const folder = mkdtempSync(join(tmpdir(), 'ahara-vapid-'))
  folders.push(folder)
  return folder
}

describe('resolveVapidKeys', () => {
  it('generates a pair once in DATA_DIR, readable by the owner only, and keeps it', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    const first = resolveVapidKeys(config)
    expect(Buffer.from(first!.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(first!.privateKey, 'base64url')).toHaveLength(32)
    expect(statSync(join(config.dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600)
    expect(resolveVapidKeys(config)).toEqual(first)
  })

  it("uses the environment's pair and writes nothing", () => {
    const generated = resolveVapidKeys(loadConfig({ DATA_DIR: dataDir() }))!
    const folder = dataDir()
    const config = loadConfig({
      DATA_DIR: folder,
      VAPID_PUBLIC_KEY: generated.publicKey,
      VAPID_PRIVATE_KEY: generated.privateKey,
    })
    expect(resolveVapidKeys(config)).toEqual(generated)
    expect(() => statSync(join(folder, 'vapid-keys.json'))).toThrow()
  })

  it('turns push off with DATABASE_URL and no pair: instances must share one', () => {
    const folder = dataDir()
    const config = loadConfig({
      DATA_DIR: folder,
      DATABASE_URL: 'postgres://ahara@db/ahara',
      SESSION_SECRET: 'x'.repeat(32),
    })
    expect(resolveVapidKeys(config)).toBeUndefined()
    expect(() => statSync(join(folder, 'vapid-keys.json'))).toThrow()
  })
})
