import { z } from 'zod'
import { STORY_CATEGORIES } from '../reference-data'
import { MAX_PAGE, queryInteger } from './query'

/** Messages are i18n keys (stories.errors.*). */
export const storyInputSchema = z.object({
  title: z
    .string('stories.errors.titleRequired')
    .trim()
    .min(1, 'stories.errors.titleRequired')
    .max(120, 'stories.errors.titleTooLong'),
  category: z.enum(STORY_CATEGORIES, 'stories.errors.categoryRequired'),
  body: z
    .string('stories.errors.bodyRequired')
    .trim()
    .min(1, 'stories.errors.bodyRequired')
    .max(5000, 'stories.errors.bodyTooLong'),
  imageUrl: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v || null),
})
export type StoryInput = z.input<typeof storyInputSchema>
export type StoryData = z.output<typeof storyInputSchema>

export const storyIdParamsSchema = z.object({ id: z.uuid('errors.notFound') })

export const storyListQuerySchema = z.object({
  category: z.enum(['all', ...STORY_CATEGORIES]).default('all'),
  page: queryInteger({ min: 1, max: MAX_PAGE, fallback: 1 }),
  size: queryInteger({ min: 1, max: 50, fallback: 12 }),
})

export const storySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(STORY_CATEGORIES),
  body: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  likes: z.number().int(),
  /** The caller likes it (false when signed out). */
  liked: z.boolean(),
  /** The caller wrote it (may edit it). */
  isAuthor: z.boolean(),
})
export type Story = z.infer<typeof storySchema>

export const storyListSchema = z.object({
  items: z.array(storySchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
})
export type StoryList = z.infer<typeof storyListSchema>

export const storyLikeSchema = z.object({ likes: z.number().int(), liked: z.boolean() })
export type StoryLike = z.infer<typeof storyLikeSchema>
