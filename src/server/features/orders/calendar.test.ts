import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { sriLankaInstant, sriLankaParts } from '../../../shared/sri-lanka-time'
import { claimBody, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  other: { role: 'recipient', name: 'Other Recipient' },
  sinhalaDonor: { role: 'donor', name: 'Sunil Donor' },
})

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })

/** The one event of an .ics answer, read by a real iCalendar parser. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const events = calendar.getAllSubcomponents('vevent')
  expect(events).toHaveLength(1)
  return new ICAL.Event(events[0]!)
}

describe('GET /api/claims/:id/calendar.ics', () => {
  it('gives the pickup window, the place once approved and the order link, to its people only', async () => {
    const start = sriLankaParts(new Date(Date.now() + 2 * 3_600_000))
    const listing = await insertListing(ctx.app, ctx.donor.id, {
      title: 'Kiribath, fresh',
      pickupAddress: '12 Galle Road',
      pickupCity: 'Dehiwala',
      pickupDate: start.date,
      pickupTimeStart: start.time,
      pickupTimeEnd: sriLankaParts(new Date(Date.now() + 3 * 3_600_000)).time,
      expiresAt: new Date(Date.now() + 10 * 3_600_000),
    })
    const placed = await post(
      `/api/listings/${listing.id}/claims`,
      ctx.recipient,
      claimBody({ pickupDate: start.date, pickupTime: start.time }),
    )
    expect(placed.statusCode).toBe(201)
    const id = placed.json().id as string

    const pending = await get(`/api/claims/${id}/calendar.ics`, ctx.recipient)
    expect(pending.statusCode).toBe(200)
    expect(pending.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const before = eventOf(pending.body)
    expect(before.summary).toBe('Collect "Kiribath, fresh" (Ahara)')
    // Not approved yet: the area only, as everywhere else.
    expect(before.location).toBe('Dehiwala, Colombo')
    expect(before.startDate.toJSDate().getTime()).toBe(sriLankaInstant(start.date, start.time).getTime())
    expect(before.endDate.toJSDate().getTime() - before.startDate.toJSDate().getTime()).toBe(3_600_000)

    expect((await post(`/api/claims/${id}/approve`, ctx.donor)).statusCode).toBe(200)
    const approved = eventOf((await get(`/api/claims/${id}/calendar.ics`, ctx.recipient)).body)
    expect(approved.location).toBe('12 Galle Road, Dehiwala, Colombo')
    expect(approved.uid).toBe(`${id}@ahara.lk`)
    expect(approved.description).toContain(`/orders/${id}`)
    expect(approved.summary).toBe('Collect "Kiribath, fresh" (Ahara)')
    expect(approved.description).toContain('Show your pickup code at the door.')

    expect((await get(`/api/claims/${id}/calendar.ics`, ctx.other)).statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/claims/${id}/calendar.ics` })).statusCode).toBe(
      401,
    )
    expect((await get(`/api/claims/${randomUUID()}/calendar.ics`, ctx.recipient)).statusCode).toBe(404)
  })

  it("is written for its reader: the donor hands the food over and asks for the code, in the donor's language", async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Buns', pickupCity: 'Dehiwala' })
    const placed = await post(`/api/listings/${listing.id}/claims`, ctx.recipient, claimBody({ quantity: 2 }))
    const id = placed.json().id as string
    expect((await post(`/api/claims/${id}/approve`, ctx.donor)).statusCode).toBe(200)
    const number = id.replaceAll('-', '').slice(0, 8).toUpperCase()

    const forDonor = eventOf((await get(`/api/claims/${id}/calendar.ics`, ctx.donor)).body)
    expect(forDonor.summary).toBe('Hand over "Buns" to Saman Recipient (Ahara)')
    expect(forDonor.description).toBe(
      `Order number ${number}: 2 serving(s). Ask Saman Recipient for their pickup code before you hand the food over.\n${ctx.app.services.config.publicUrl}/orders/${id}`,
    )
    expect(forDonor.location).toBe('12 Galle Road, Dehiwala, Colombo')
    const forRequester = eventOf((await get(`/api/claims/${id}/calendar.ics`, ctx.recipient)).body)
    expect(forRequester.summary).toBe('Collect "Buns" (Ahara)')
    expect(forRequester.description).toContain(
      `Order number ${number}: 2 serving(s). Show your pickup code at the door.`,
    )

    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/me',
          payload: { language: 'si' },
          headers: { cookie: ctx.sinhalaDonor.cookie },
        })
      ).statusCode,
    ).toBe(200)
    const theirs = await insertListing(ctx.app, ctx.sinhalaDonor.id, { title: 'Buns' })
    const claim = (await post(`/api/listings/${theirs.id}/claims`, ctx.recipient, claimBody())).json()
      .id as string
    const inSinhala = eventOf((await get(`/api/claims/${claim}/calendar.ics`, ctx.sinhalaDonor)).body)
    expect(inSinhala.summary).toBe('"Buns" Saman Recipientට භාර දෙන්න (ආහාර)')
    expect(inSinhala.description).toContain('ආහාර භාර දීමට පෙර Saman Recipientගෙන් ලබාගැනීමේ කේතය ඉල්ලන්න.')
  })

  it('sends the people of an order a volunteer carries to its delivery, whose event it is', async () => {
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Pittu' })
    const asked = await post(`/api/listings/${listing.id}/deliveries`, ctx.recipient, deliveryBody())
    expect(asked.statusCode).toBe(201)
    const { id: deliveryId, order } = asked.json()
    for (const user of [ctx.donor, ctx.recipient]) {
      const res = await get(`/api/claims/${order.id}/calendar.ics`, user)
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe(`/api/deliveries/${deliveryId}/calendar.ics`)
    }
    expect((await get(`/api/claims/${order.id}/calendar.ics`, ctx.other)).statusCode).toBe(403)
  })
})
