import { beforeAll, describe, expect, it } from 'vitest'
import { claims } from '../../db/schema'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import { HOME_FIGURES_TTL_MS, homeData } from './home'

const ctx = setUpTestApp({ donor: { role: 'donor' }, recipient: { role: 'recipient' } })
let listingId: string

const claim = (quantity: number) =>
  ctx.app.services.db.insert(claims).values({
    listingId,
    claimantId: ctx.recipient.id,
    quantity,
    pickupAt: new Date(),
    // Collected: only collected servings are meals shared (docs/decisions/0048-outcomes-not-offers.md).
    status: 'completed',
    completedAt: new Date(),
  })

beforeAll(async () => {
  listingId = (await insertListing(ctx.app, ctx.donor.id, { quantity: 20 })).id
  await claim(5)
})

describe('the home figures', () => {
  it('are remembered for a short while per instance, the listings beside them are not', async () => {
    const db = ctx.app.services.db
    const visit = Date.now()
    const first = await homeData(db, null, new Date(visit))
    expect(first.impact.mealsShared.value).toBe(5)

    await claim(3)
    const later = await insertListing(ctx.app, ctx.donor.id, { title: 'Posted since the first visit' })
    const soon = await homeData(db, null, new Date(visit + HOME_FIGURES_TTL_MS - 1))
    expect(soon.impact).toEqual(first.impact)
    expect(soon.listings[0]?.id).toBe(later.id)

    const afterwards = await homeData(db, null, new Date(visit + HOME_FIGURES_TTL_MS))
    expect(afterwards.impact.mealsShared.value).toBe(8)
  })
})
