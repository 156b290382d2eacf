import { isIP } from 'node:net'
import { z } from 'zod'

/** The shapes of the environment's values, shared by every concern's variables. */
export const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

export const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.test(new URL(value).protocol)
      } catch {
        return false
      }
    }, hint)
    .optional()

/**
 * A hop count ("1") or a comma-separated list of proxy addresses and CIDRs ("10.0.0.0/8, 127.0.0.1").
 * `true` (trust every hop) is refused: anyone could then choose their own address with
 * X-Forwarded-For and escape every limit.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['0', 'off', 'false', 'no'].includes(value)) return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isAddressOrCidr)) return entries
    ctx.addIssue({
      code: 'custom',
      message: 'must be off, a hop count, or a comma-separated list of addresses/CIDRs',
    })
    return z.NEVER
  })

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  const family = isIP(address ?? '')
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

export const fairUseNumber = z.coerce
  .number('must be a whole number from 1 to 1000')
  .int('must be a whole number from 1 to 1000')
  .min(1, 'must be a whole number from 1 to 1000')
  .max(1000, 'must be a whole number from 1 to 1000')
  .optional()
/** ADMIN_EMAILS: e-mails separated by commas, each a moderator from sign-up (docs/decisions/0054-organisations-and-their-limits.md). */
export const adminEmailsSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be e-mail addresses separated by commas')))

/** A connection URL fit for a message: its password starred. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'invalid URL'
  }
}
