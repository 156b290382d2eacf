import { createECDH } from 'node:crypto'
import { z } from 'zod'

/** Base64url without padding, as web-push and the browsers' applicationServerKey take it. */
const base64urlKey = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `must be ${what}: ${bytes} bytes in base64url without padding (npx web-push generate-vapid-keys)`,
    )

/**
 * Web push (docs/decisions/0034-web-push.md): the VAPID key pair, or none of it to keep a generated
 * pair in DATA_DIR. The subject is how a push service reaches the operator.
 */
export const vapidEnv = {
  VAPID_PUBLIC_KEY: base64urlKey(65, 'a P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64urlKey(32, 'a P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'https:' || (url.protocol === 'mailto:' && url.pathname.includes('@'))
      } catch {
        return false
      }
    }, 'must be a mailto: address or an https:// URL')
    .optional(),
}

type VapidEnv = z.infer<z.ZodObject<typeof vapidEnv>>

export type VapidKeys = { publicKey: string; privateKey: string }

/** The pair from the environment, checked to belong together; undefined when neither is set. */
export function vapidKeysFromEnv(env: VapidEnv, problems: string[]): VapidKeys | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env
  if (!publicKey && !privateKey) return undefined
  if (!publicKey || !privateKey) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
    return undefined
  }
  const ecdh = createECDH('prime256v1')
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
  } catch {
    problems.push('VAPID_PRIVATE_KEY=(hidden): is not a valid P-256 private key')
    return undefined
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
    return undefined
  }
  return { publicKey, privateKey }
}
