/** A user's stories and likes in their data export, and what deleting the account does to them (docs/decisions/0039-own-data.md). */
import { desc, eq } from 'drizzle-orm'
import type { Database, Transaction } from '../../db/client'
import { stories, storyLikes } from '../../db/schema'

/** The stories the user wrote and the ones they liked (by title: the authors are public on the story). */
export async function storiesExport(db: Database, userId: string) {
  const [written, likes] = await Promise.all([
    db.select().from(stories).where(eq(stories.authorId, userId)).orderBy(desc(stories.createdAt)),
    db
      .select({ storyId: storyLikes.storyId, title: stories.title, likedAt: storyLikes.createdAt })
      .from(storyLikes)
      .innerJoin(stories, eq(stories.id, storyLikes.storyId))
      .where(eq(storyLikes.userId, userId))
      .orderBy(desc(storyLikes.createdAt)),
  ])
  return { written, likes }
}

/**
 * Stories stay, signed "Deleted user" (their words are the community's record); their photos go
 * with the uploads. Likes stay as counts: a like row names nobody once the account is erased.
 */
export async function forgetStoryPhotosOf(tx: Transaction, authorId: string): Promise<void> {
  await tx
    .update(stories)
    .set({ imageUrl: null, updatedAt: new Date() })
    .where(eq(stories.authorId, authorId))
}
