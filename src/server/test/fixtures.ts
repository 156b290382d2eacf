import sharp from 'sharp'
import { ALL_SAFETY_CHECKS_TICKED } from '../../shared/reference-data'
import { searchKey } from '../../shared/transliteration'
import type { App } from '../app'
import { categories, listings } from '../db/schema'
import { multipartFile } from './harness'
import type { TestUser } from './users'

/** A listing straight in the database (orders tests need listings, not the donate form). */
export async function insertListing(
  app: App,
  donorId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<typeof listings.$inferSelect> {
  const quantity = overrides.quantity ?? 10
  const [row] = await app.services.db
    .insert(listings)
    .values({
      donorId,
      title: 'Rice and curry packets',
      description: 'Cooked this morning',
      quantity,
      initialQuantity: overrides.initialQuantity ?? quantity,
      type: 'free',
      price: 0,
      pickupAddress: '12 Galle Road',
      pickupCity: 'Colombo',
      pickupDistrict: 'Colombo',
      // 30 hours, as e2e's listings: a delivery time (09:00 to 18:00) is always left before it.
      expiresAt: new Date(Date.now() + 30 * 3_600_000),
      safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      ...overrides,
      searchKey: searchKey(
        overrides.title ?? 'Rice and curry packets',
        overrides.description ?? 'Cooked this morning',
        overrides.pickupCity ?? 'Colombo',
      ),
    })
    .returning()
  return row!
}

/** The categories' ids by slug. */
export async function categoryIds(app: App): Promise<Record<string, string>> {
  const rows = await app.services.db.select().from(categories)
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]))
}

/** A PNG of one colour. */
export function pngImage({ width = 64, height = 48, background = '#16a34a' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

/** The upload of a PNG as the donate form sends it (multipart), to `POST /api/uploads`. */
export async function pngUpload(image?: Parameters<typeof pngImage>[0]) {
  return multipartFile(await pngImage(image), 'food.png', 'image/png')
}

/** Uploads a PNG as `user`; answers its URL. */
export async function uploadImage(app: App, user: TestUser, image?: Parameters<typeof pngImage>[0]) {
  const { payload, headers } = await pngUpload(image)
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, cookie: user.cookie },
  })
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json().url as string
}
