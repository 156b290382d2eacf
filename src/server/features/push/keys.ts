import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import type { AppConfig } from '../../config'
import type { VapidKeys } from '../../config/push'

const KEYS_FILE = 'vapid-keys.json'

/**
 * The VAPID key pair that signs every push (docs/decisions/0034-web-push.md): from the environment,
 * or, with the embedded database, generated once and kept in DATA_DIR beside the session secret, so
 * restarts keep the browsers' subscriptions valid. With DATABASE_URL (possibly several instances,
 * each with its own DATA_DIR) only the environment's pair is used: undefined turns push off.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys | undefined {
  if (config.vapid.keys) return config.vapid.keys
  if (config.databaseUrl) return undefined
  mkdirSync(config.dataDir, { recursive: true })
  const file = join(config.dataDir, KEYS_FILE)
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return kept
    throw new Error(`${file} is not a VAPID key pair: remove it to generate a new one`)
  }
  const generated = webpush.generateVAPIDKeys()
  const keys = { publicKey: generated.publicKey, privateKey: generated.privateKey }
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}
