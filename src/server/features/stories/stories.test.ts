import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stories, storyLikes } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type TestUser } from '../../test/users'

let app: TestApp
let author: TestUser
let reader: TestUser
beforeAll(async () => {
  app = await createTestApp()
  author = await createUser(app, { role: 'recipient', name: 'Hope Home' })
  reader = await createUser(app, { role: 'donor', name: 'Galle Bakery' })
})
afterAll(() => app.teardown())

const storyBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bread every morning',
  category: 'success',
  body: 'Fresh bread for 30 children every weekday.',
  ...overrides,
})

async function share(user: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stories',
    headers: { cookie: user.cookie },
    payload: storyBody(overrides),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string }
}

const like = (user: TestUser, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  app.inject({ method, url: `/api/stories/${id}/like`, headers: { cookie: user.cookie } })

describe('sharing stories', () => {
  it('shares a story with its author', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { cookie: author.cookie },
      payload: storyBody(),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      title: 'Bread every morning',
      category: 'success',
      imageUrl: null,
      likes: 0,
      liked: false,
      isAuthor: true,
      author: { id: author.id, name: 'Hope Home', avatarUrl: null },
    })
  })

  it.each([
    [{ title: '' }, 'title', 'Please enter a title.'],
    [{ title: 'x'.repeat(121) }, 'title', 'The title is too long (120 characters at most).'],
    [{ category: 'gossip' }, 'category', 'Please choose a category.'],
    [{ body: '   ' }, 'body', 'Please tell your story.'],
    [{ imageUrl: '/uploads/not-mine.webp' }, 'imageUrl', undefined],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { cookie: author.cookie },
      payload: storyBody(overrides),
    })
    expect(res.statusCode).toBe(400)
    if (message) expect(res.json().error.fields[field].message).toBe(message)
    else expect(res.json().error.message).toBe('One of the images was not uploaded by you.')
  })

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/stories', payload: storyBody() })
    expect(res.statusCode).toBe(401)
  })

  it('lists newest first and filters by category', async () => {
    const older = await share(author, { title: 'Older impact', category: 'impact' })
    await app.database.db
      .update(stories)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(stories.id, older.id))
    const newer = await share(reader, { title: 'Newer community', category: 'community' })
    const all = (await app.inject({ method: 'GET', url: '/api/stories' })).json()
    const ids = all.items.map((s: { id: string }) => s.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    const impact = (await app.inject({ method: 'GET', url: '/api/stories?category=impact' })).json()
    expect(impact.items.map((s: { category: string }) => s.category)).toEqual(['impact'])
    const bad = await app.inject({ method: 'GET', url: '/api/stories?category=gossip' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('editing stories', () => {
  it('lets the author edit and refuses everyone else with 403', async () => {
    const story = await share(author)
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/stories/${story.id}`,
      headers: { cookie: author.cookie },
      payload: storyBody({ title: 'Bread and milk every morning', category: 'impact' }),
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ title: 'Bread and milk every morning', category: 'impact' })

    const other = await app.inject({
      method: 'PUT',
      url: `/api/stories/${story.id}`,
      headers: { cookie: reader.cookie },
      payload: storyBody({ title: 'Hijacked' }),
    })
    expect(other.statusCode).toBe(403)
    expect(other.json().error.message).toBe('Only the author can edit this story.')
    const signedOut = await app.inject({
      method: 'PUT',
      url: `/api/stories/${story.id}`,
      payload: storyBody(),
    })
    expect(signedOut.statusCode).toBe(401)
    const [row] = await app.database.db.select().from(stories).where(eq(stories.id, story.id))
    expect(row?.title).toBe('Bread and milk every morning')
  })
})

describe('likes', () => {
  it('counts one like per user, toggled on and off', async () => {
    const story = await share(author)
    expect((await like(reader, story.id)).json()).toEqual({ likes: 1, liked: true })
    // A second like (a retry, a double tap) does not count twice.
    expect((await like(reader, story.id)).json()).toEqual({ likes: 1, liked: true })
    expect((await like(author, story.id)).json()).toEqual({ likes: 2, liked: true })

    const listed = (
      await app.inject({ method: 'GET', url: '/api/stories', headers: { cookie: reader.cookie } })
    )
      .json()
      .items.find((s: { id: string }) => s.id === story.id)
    expect(listed).toMatchObject({ likes: 2, liked: true, isAuthor: false })

    expect((await like(reader, story.id, 'DELETE')).json()).toEqual({ likes: 1, liked: false })
    expect((await like(reader, story.id, 'DELETE')).json()).toEqual({ likes: 1, liked: false })
    const rows = await app.database.db.select().from(storyLikes).where(eq(storyLikes.storyId, story.id))
    expect(rows.map((r) => r.userId)).toEqual([author.id])
  })

  it('keeps one like when the same user likes many times at once', async () => {
    const story = await share(author)
    await Promise.all(Array.from({ length: 10 }, () => like(reader, story.id)))
    expect((await like(reader, story.id)).json()).toEqual({ likes: 1, liked: true })
  })

  it('needs a signed-in user and an existing story', async () => {
    const story = await share(author)
    expect((await app.inject({ method: 'PUT', url: `/api/stories/${story.id}/like` })).statusCode).toBe(401)
    expect((await like(reader, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })
})
