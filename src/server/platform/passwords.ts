import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { createWorkQueue } from './work-queue'

/**
 * How passwords are hashed and checked: sign-up, sign-in, a password change and the checks outside
 * better-auth (a taken e-mail's equal work at sign-up, the password asked before erasing an account)
 * all go through the one the app was built with (docs/decisions/0005-passwords.md).
 */
export type Passwords = {
  hash(password: string): Promise<string>
  verify(input: { hash: string; password: string }): Promise<boolean>
}

/** better-auth's scrypt: every start of the server uses it; only the API tests pass a lighter one. */
export const standardPasswords: Passwords = { hash: hashPassword, verify: verifyPassword }

/**
 * Hashes at once: scrypt runs on libuv's four threads, which file reads and DNS share too, and each
 * takes 32 MB. A burst of sign-ins waits its turn here instead of filling the pool and the memory,
 * so /api/health and the rest stay quick (docs/decisions/0059-limits-before-work.md).
 */
export const PASSWORD_HASHES_AT_ONCE = 2

/** `passwords` with at most `max` hashes or checks running at a time, the rest queued in order. */
export function boundedPasswords(passwords: Passwords, max = PASSWORD_HASHES_AT_ONCE): Passwords {
  const queue = createWorkQueue(max)
  return {
    hash: (password) => queue.run(() => passwords.hash(password)),
    verify: (input) => queue.run(() => passwords.verify(input)),
  }
}
