import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { deliveryBody } from '../test/bodies'
import { insertListing } from '../test/fixtures'
import { setUpTestApp } from '../test/harness'
import { ratings } from './schema'

const ctx = setUpTestApp({
  donor: { role: 'donor' },
  recipient: { role: 'recipient' },
  volunteer: { role: 'volunteer' },
})

/** The data step of the ratings migration, as the migrator runs it. */
const dataStep = readFileSync(new URL('./migrations/0009_trust-ratings.sql', import.meta.url), 'utf8')
  .split('-- data:')[1]!
  .split('\n')
  .slice(1)
  .join('\n')
  .trim()

it("moves the requesters' delivery ratings into the ratings model, rater to volunteer", async () => {
  const { db } = ctx.app.services
  const post = (url: string, cookie: string) => ctx.app.inject({ method: 'POST', url, headers: { cookie } })
  const listing = await insertListing(ctx.app, ctx.donor.id)
  const asked = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listing.id}/deliveries`,
    headers: { cookie: ctx.recipient.cookie },
    payload: deliveryBody(),
  })
  const { id, order } = asked.json()
  await post(`/api/claims/${order.id}/approve`, ctx.donor.cookie)
  for (const step of ['accept', 'pick-up', 'complete'])
    await post(`/api/deliveries/${id}/${step}`, ctx.volunteer.cookie)
  // The delivery as the old column rated it.
  await db.execute(sql`alter table delivery_requests add column rating integer`)
  await db.execute(sql`update delivery_requests set rating = 4 where id = ${id}`)

  await db.execute(sql.raw(dataStep))

  expect(await db.select().from(ratings).where(eq(ratings.deliveryId, id))).toEqual([
    expect.objectContaining({
      raterId: ctx.recipient.id,
      rateeId: ctx.volunteer.id,
      score: 4,
      comment: null,
    }),
  ])
  await db.execute(sql`alter table delivery_requests drop column rating`)
})
