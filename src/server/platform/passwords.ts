import { hashPassword, verifyPassword } from 'better-auth/crypto'

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
