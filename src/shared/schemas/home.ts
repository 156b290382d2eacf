import { z } from 'zod'
import { listingSchema } from './listings'

export const impactCardSchema = z.object({ value: z.number(), trendPercent: z.number().nullable() })

/** GET /api/home: the home page's live figures, first listings and latest stories. */
export const homeSchema = z.object({
  impact: z.object({
    mealsShared: impactCardSchema,
    activeUsers: impactCardSchema,
    foodWasteSavedKg: impactCardSchema,
    co2ReducedKg: impactCardSchema,
  }),
  listings: z.array(listingSchema),
  stories: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      body: z.string(),
      category: z.string(),
      imageUrl: z.string().nullable(),
      authorName: z.string(),
      authorAvatarUrl: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
})
export type Home = z.infer<typeof homeSchema>
