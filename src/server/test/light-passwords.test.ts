import { hashPassword } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { lightPasswords } from './light-passwords'

describe("the API tests' light passwords", () => {
  it('accept the password they hashed and refuse any other', async () => {
    const hash = await lightPasswords.hash('secret-pass-1')
    expect(hash).not.toContain('secret-pass-1')
    expect(await lightPasswords.verify({ hash, password: 'secret-pass-1' })).toBe(true)
    expect(await lightPasswords.verify({ hash, password: 'secret-pass-2' })).toBe(false)
    expect(await lightPasswords.hash('secret-pass-1')).not.toBe(hash)
  })

  it("check better-auth's own hashes (the demo seed's) the standard way", async () => {
    const hash = await hashPassword('ahara-demo-2026')
    expect(await lightPasswords.verify({ hash, password: 'ahara-demo-2026' })).toBe(true)
    expect(await lightPasswords.verify({ hash, password: 'ahara-demo-2025' })).toBe(false)
  })
})
