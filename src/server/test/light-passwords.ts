import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { type Passwords, standardPasswords } from '../platform/passwords'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>

/** A sixteenth of better-auth's work: still a salted scrypt, so a wrong password still fails. */
const LIGHT = { N: 1024, r: 8, p: 1 }
const PREFIX = 'light:'

/**
 * Passwords for the API tests: they sign thousands of users up and in, and better-auth's scrypt took
 * about a tenth of the suite's time. Hashes made elsewhere (the demo seed) are checked the standard
 * way. Never used outside the tests: buildApp takes it only as an option.
 */
export const lightPasswords: Passwords = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    const key = await scryptAsync(password.normalize('NFKC'), salt, 32, LIGHT)
    return `${PREFIX}${salt}:${key.toString('hex')}`
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return standardPasswords.verify({ hash, password })
    const [salt = '', key = ''] = hash.slice(PREFIX.length).split(':')
    const expected = Buffer.from(key, 'hex')
    const actual = await scryptAsync(password.normalize('NFKC'), salt, expected.length, LIGHT)
    return timingSafeEqual(actual, expected)
  },
}
