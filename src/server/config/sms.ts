import { z } from 'zod'

/**
 * SMS over SMPP 3.4 (docs/decisions/0051-sms-over-smpp.md): the SMSC's address with the account
 * the operator gave (system_id and password in the URL's user and password), the sender id
 * phones show, and how many messages a second the SMSC takes.
 */
export const smsEnv = {
  SMS_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'smpp:' && url.hostname !== '' && url.username !== '' && url.port !== ''
      } catch {
        return false
      }
    }, 'must be smpp://<system_id>:<password>@<host>:<port>')
    .optional(),
  /** An alphanumeric sender id of at most 11 characters (e.g. Ahara), or a number of up to 15 digits. */
  SMS_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/,
      'must be a sender id of 1 to 11 letters and digits, or a number',
    )
    .optional(),
  SMS_PER_SECOND: z.coerce
    .number('must be a whole number from 1 to 1000')
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(10),
  /** Verification codes an hour over the whole service: the operator's bill has a ceiling (0059). */
  SMS_MAX_PER_HOUR: z.coerce
    .number('must be a whole number from 1 to 100000')
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(500),
}

export type SmsConfig = { url: string; from: string; perSecond: number }
