/**
 * A donor's listings in their data export, and what deleting the account does to them
 * (docs/decisions/0039-own-data.md).
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Database, Transaction } from '../../db/client'
import { listings } from '../../db/schema'
import { bumped } from './rows'

/** Every listing the user posted, with every detail they gave (all of it theirs). */
export async function listingsExport(db: Database, donorId: string) {
  const rows = await db
    .select()
    .from(listings)
    .where(eq(listings.donorId, donorId))
    .orderBy(desc(listings.createdAt))
  return rows.map(({ claimedBy: _claimedBy, version: _version, ...listing }) => listing)
}

/**
 * Withdraws the donor's available listings (they leave every list as an expired one does; the
 * orders on them are ended first by the orders feature) and erases what identifies the donor on
 * every listing: street address, its point, postal code, phone, e-mail and photos (their files are removed with
 * the uploads). Title, quantities, city and district stay for the impact figures.
 */
export async function withdrawListingsOf(tx: Transaction, donorId: string): Promise<void> {
  const now = new Date()
  await tx
    .update(listings)
    .set({ status: 'expired', updatedAt: now, version: bumped })
    .where(and(eq(listings.donorId, donorId), eq(listings.status, 'available')))
  await tx
    .update(listings)
    .set({
      pickupAddress: '',
      pickupPostalCode: null,
      pickupLat: null,
      pickupLng: null,
      contactPhone: null,
      contactEmail: null,
      imageUrls: [],
      preparationNotes: null,
      updatedAt: now,
      version: bumped,
    })
    .where(eq(listings.donorId, donorId))
}
