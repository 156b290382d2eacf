import { z } from 'zod'

/** An uploaded image as the API returns it (POST /api/uploads). */
export const uploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type Upload = z.infer<typeof uploadSchema>

/** Image types the server accepts, checked on the file's content, not its name. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
