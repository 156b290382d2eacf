import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { StoryCategory } from '../../../shared/reference-data'
import type { Home } from '../../../shared/schemas/home'
import type { Story, StoryData, StoryLike } from '../../../shared/schemas/stories'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { stories, storyLikes, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { notFound } from '../../platform/errors'

const likeCount = sql<number>`(select count(*)::int from ${storyLikes} where ${storyLikes.storyId} = ${stories.id})`

function likedBy(viewerId: string | undefined) {
  return viewerId
    ? sql<boolean>`exists (select 1 from ${storyLikes} where ${storyLikes.storyId} = ${stories.id} and ${storyLikes.userId} = ${viewerId})`
    : sql<boolean>`false`
}

/**
 * Stories hidden by a moderator are gone from every list; a hidden story's own page stays readable to
 * its author only (docs/decisions/0037-moderation.md).
 */
function shown(authorId?: string): SQL {
  return authorId ? or(isNull(stories.hiddenAt), eq(stories.authorId, authorId))! : isNull(stories.hiddenAt)
}

function storyQuery(db: Database, viewerId: string | undefined, where: SQL | undefined) {
  return db
    .select({
      story: stories,
      authorName: users.name,
      authorAvatar: sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`,
      likes: likeCount,
      liked: likedBy(viewerId),
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(where)
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .$dynamic()
}

type Row = Awaited<ReturnType<typeof storyQuery>>[number]

function toStory(row: Row, viewerId: string | undefined): Story {
  const s = row.story
  return {
    id: s.id,
    title: s.title,
    category: s.category as StoryCategory,
    body: s.body,
    imageUrl: s.imageUrl,
    createdAt: s.createdAt.toISOString(),
    author: { id: s.authorId, name: row.authorName, avatarUrl: row.authorAvatar },
    likes: Number(row.likes),
    liked: Boolean(row.liked),
    isAuthor: viewerId === s.authorId,
  }
}

/** Stories newest first, optionally of one category, a page at a time. */
export async function listStories(
  db: Database,
  viewerId: string | undefined,
  category: StoryCategory | 'all',
  page: number,
  size: number,
): Promise<{ items: Story[]; hasMore: boolean }> {
  const rows = await storyQuery(
    db,
    viewerId,
    and(shown(), category === 'all' ? undefined : eq(stories.category, category)),
  )
    .limit(size + 1)
    .offset((page - 1) * size)
  return { items: rows.slice(0, size).map((r) => toStory(r, viewerId)), hasMore: rows.length > size }
}

export async function getStory(db: Database, id: string, viewerId: string | undefined): Promise<Story> {
  const [row] = await storyQuery(db, viewerId, and(eq(stories.id, id), shown(viewerId))).limit(1)
  if (!row) throw notFound('stories.errors.notFound')
  return toStory(row, viewerId)
}

export async function createStory(db: Database, authorId: string, input: StoryData): Promise<string> {
  const [row] = await db
    .insert(stories)
    .values({ ...input, authorId })
    .returning({ id: stories.id })
  return row!.id
}

/** Replaces a story's fields; only its author may (403 otherwise). */
export async function updateStory(db: Database, actor: Actor, id: string, input: StoryData): Promise<void> {
  const [story] = await db.select({ authorId: stories.authorId }).from(stories).where(eq(stories.id, id))
  if (!story) throw notFound('stories.errors.notFound')
  authorize(actor, 'story.edit', story)
  await db
    .update(stories)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(stories.id, id))
}

async function likeState(db: Database, storyId: string, userId: string): Promise<StoryLike> {
  const [row] = await db
    .select({
      likes: sql<number>`count(*)::int`,
      liked: sql<boolean>`coalesce(bool_or(${storyLikes.userId} = ${userId}), false)`,
    })
    .from(storyLikes)
    .where(eq(storyLikes.storyId, storyId))
  return { likes: Number(row?.likes ?? 0), liked: Boolean(row?.liked) }
}

async function assertStoryExists(db: Database, storyId: string) {
  const [story] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), shown()))
  if (!story) throw notFound('stories.errors.notFound')
}

/**
 * Likes or unlikes a story. One like per user (the primary key (story, user)); both directions are
 * idempotent, so a retried request on a flaky network cannot count twice or undo itself.
 */
export async function setLike(
  db: Database,
  userId: string,
  storyId: string,
  liked: boolean,
): Promise<StoryLike> {
  await assertStoryExists(db, storyId)
  if (liked) {
    await db.insert(storyLikes).values({ storyId, userId }).onConflictDoNothing()
  } else {
    await db.delete(storyLikes).where(and(eq(storyLikes.storyId, storyId), eq(storyLikes.userId, userId)))
  }
  return likeState(db, storyId, userId)
}

/** The newest stories as the home page shows them: text, image and author, no likes. */
export async function latestStories(db: Database, limit: number): Promise<Home['stories']> {
  const rows = await db
    .select({
      ...columnsOf(stories, 'id', 'title', 'body', 'category', 'imageUrl'),
      authorName: users.name,
      authorAvatarUrl: sql<string | null>`coalesce(${users.profileImageUrl}, ${users.image})`,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(shown())
    .orderBy(desc(stories.createdAt))
    .limit(limit)
  return rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() }))
}
