import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, multipartFile, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

let app: TestApp
let user: TestUser
beforeAll(async () => {
  app = await createTestApp()
  user = await createUser(app, { role: 'recipient', name: 'Kamal Silva' })
})
afterAll(() => app.teardown())

const patch = (payload: unknown, cookie: string | undefined = user.cookie) =>
  app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  })

describe('the reader’s language (docs/decisions/0064-the-reader-language-wins.md)', () => {
  it('saves the device’s language until the person chooses one, then keeps their choice', async () => {
    const reader = await createUser(app, { role: 'donor', name: 'Tharshini Test' })
    const me = async () => (await app.inject({ url: '/api/me', headers: { cookie: reader.cookie } })).json()
    expect(await me()).toMatchObject({ language: 'en', languageChosen: false })

    // Signing in on a Tamil phone: the account reads Tamil, still not chosen.
    expect((await patch({ readerLanguage: 'ta' }, reader.cookie)).json()).toMatchObject({
      language: 'ta',
      languageChosen: false,
    })
    // The person picks Sinhala in the switcher: that is their language now.
    expect((await patch({ language: 'si' }, reader.cookie)).json()).toMatchObject({
      language: 'si',
      languageChosen: true,
    })
    // A sign-in on an English phone no longer changes it.
    expect((await patch({ readerLanguage: 'en' }, reader.cookie)).json()).toMatchObject({
      language: 'si',
      languageChosen: true,
    })
    expect((await patch({ readerLanguage: 'xx' }, reader.cookie)).statusCode).toBe(400)
  })
})

describe('profile', () => {
  it('lets the user change name, location, district and phone', async () => {
    const res = await patch({
      name: 'Kamal P. Silva',
      location: 'Wellawatte',
      district: 'Colombo',
      phone: '0712345678',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Kamal P. Silva',
      location: 'Wellawatte',
      phone: '+94712345678',
    })
  })

  it.each([
    [{ email: 'other@example.lk' }],
    [{ role: 'donor' }],
    [{ isVerified: true }],
    [{ id: 'someone-else' }],
  ])('refuses the read-only field %j and changes nothing', async (payload) => {
    const res = await patch({ name: 'Should Not Stick', ...payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('validation_failed')
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })
    expect(me.json().name).not.toBe('Should Not Stick')
    expect(me.json().role).toBe('recipient')
  })

  it('refuses an empty name and a bad phone', async () => {
    expect((await patch({ name: '' })).json().error.fields.name.message).toBe('Please enter your name.')
    expect((await patch({ phone: 'call me' })).json().error.fields.phone.message).toBe(
      'Please enter a Sri Lankan phone number, like 077 123 4567.',
    )
  })

  it('refuses signed-out edits', async () => {
    expect((await patch({ name: 'X' }, '')).statusCode).toBe(401)
  })

  it('sets a photo from the user’s own upload, and refuses someone else’s', async () => {
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer()
    const { payload, headers } = multipartFile(image, 'me.png', 'image/png')
    const up = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, cookie: user.cookie },
    })
    expect(up.statusCode).toBe(201)
    const set = await app.request('PUT', '/api/me/photo', user, { url: up.json().url })
    expect(set.statusCode).toBe(200)
    expect(set.json().avatarUrl).toBe(up.json().url)

    const other = await createUser(app)
    const steal = await app.request('PUT', '/api/me/photo', other, { url: up.json().url })
    expect(steal.statusCode).toBe(400)
  })
})
