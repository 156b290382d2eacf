import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { claimBody, deliveryBody } from '../../test/bodies'
import { insertListing } from '../../test/fixtures'
import { setUpTestApp } from '../../test/harness'
import type { TestUser } from '../../test/users'

const ctx = setUpTestApp({
  donor: { role: 'donor', name: 'Nimal Donor' },
  recipient: { role: 'recipient', name: 'Saman Recipient' },
  volunteer: { role: 'volunteer', district: 'Colombo', name: 'Kasun' },
  otherVolunteer: { role: 'volunteer', district: 'Colombo' },
})

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })
const call = (method: 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) })

/** The events of an .ics answer, read by a real iCalendar parser. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event))
}

/** A delivery of one portion to Colombo 10, approved and accepted by the volunteer. */
async function acceptedDelivery(title: string) {
  const listing = await insertListing(ctx.app, ctx.donor.id, { title, pickupCity: 'Dehiwala' })
  const asked = await call('POST', `/api/listings/${listing.id}/deliveries`, ctx.recipient, deliveryBody())
  expect(asked.statusCode).toBe(201)
  const { id, order } = asked.json()
  expect((await call('POST', `/api/claims/${order.id}/approve`, ctx.donor)).statusCode).toBe(200)
  expect((await call('POST', `/api/deliveries/${id}/accept`, ctx.volunteer)).statusCode).toBe(200)
  return id as string
}

describe('GET /api/deliveries/:id/calendar.ics', () => {
  it('writes each of the delivery’s people their part: the volunteer the route, the requester the drop-off, the donor the collection; nobody else', async () => {
    const id = await acceptedDelivery('Milk rice')
    const res = await get(`/api/deliveries/${id}/calendar.ics`, ctx.volunteer)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const [event] = eventsOf(res.body)
    const delivery = (await get(`/api/deliveries/${id}`, ctx.volunteer)).json()
    const publicUrl = ctx.app.services.config.publicUrl
    // The volunteer collects at the pickup and delivers to the drop-off.
    expect(event!.summary).toBe('Collect and deliver "Milk rice" (Ahara)')
    expect(event!.location).toBe('12 Galle Road, Dehiwala, Colombo')
    expect(event!.description).toBe(
      `Collect 1 serving(s) at 12 Galle Road, Dehiwala, Colombo, then deliver them to 45 Maradana Road, Colombo 10, Colombo and ask the recipient for their pickup code there.\n${publicUrl}/dashboard/volunteer?tab=my-deliveries`,
    )
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(delivery.deliveryAt).toISOString())
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(3_600_000)

    // The requester receives it at their address; the donor hands it over at their own.
    const [forRequester] = eventsOf((await get(`/api/deliveries/${id}/calendar.ics`, ctx.recipient)).body)
    expect(forRequester!.summary).toBe('Delivery of "Milk rice" (Ahara)')
    expect(forRequester!.location).toBe('45 Maradana Road, Colombo 10, Colombo')
    expect(forRequester!.description).toContain('1 serving(s) from Dehiwala, Colombo to Colombo 10, Colombo.')
    const [forDonor] = eventsOf((await get(`/api/deliveries/${id}/calendar.ics`, ctx.donor)).body)
    expect(forDonor!.summary).toBe('A volunteer collects "Milk rice" (Ahara)')
    expect(forDonor!.location).toBe('12 Galle Road, Dehiwala, Colombo')
    expect(forDonor!.description).toBe(
      `A volunteer comes to collect 1 serving(s) to deliver to Colombo 10, Colombo.\n${publicUrl}/dashboard/donor?tab=claims`,
    )
    expect((await get(`/api/deliveries/${id}/calendar.ics`, ctx.otherVolunteer)).statusCode).toBe(403)
    expect((await get(`/api/deliveries/${id}/calendar.ics`)).statusCode).toBe(401)
    expect((await get(`/api/deliveries/${randomUUID()}/calendar.ics`, ctx.volunteer)).statusCode).toBe(404)
  })
})

describe('the calendar subscription', () => {
  const feedPath = (url: string) => new URL(url).pathname

  it('is off until made; its link, read without a session, lists the upcoming pickups', async () => {
    expect((await get('/api/me/calendar-feed', ctx.recipient)).json()).toEqual({
      active: false,
      createdAt: null,
    })
    const listing = await insertListing(ctx.app, ctx.donor.id, { title: 'Kiribath', pickupCity: 'Dehiwala' })
    const placed = await call('POST', `/api/listings/${listing.id}/claims`, ctx.recipient, claimBody())
    const claimId = placed.json().id as string
    await call('POST', `/api/claims/${claimId}/approve`, ctx.donor)

    const made = await call('POST', '/api/me/calendar-feed', ctx.recipient)
    expect(made.statusCode).toBe(200)
    const { url, webcalUrl, active } = made.json()
    expect(active).toBe(true)
    expect(webcalUrl).toBe(url.replace(/^https?:/, 'webcal:'))
    const status = (await get('/api/me/calendar-feed', ctx.recipient)).json()
    expect(status).toMatchObject({ active: true })
    expect(status).not.toHaveProperty('url')

    const feed = await get(feedPath(url))
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const events = eventsOf(feed.body)
    const pickup = events.find((e) => e.uid === `${claimId}@ahara.lk`)
    expect(pickup?.summary).toBe('Collect "Kiribath" (Ahara)')
    expect(pickup?.location).toBe('12 Galle Road, Dehiwala, Colombo')
    // The donor's feed has the same pickup, as their handover; nobody else's does.
    const donorFeed = (await call('POST', '/api/me/calendar-feed', ctx.donor)).json()
    const handover = eventsOf((await get(feedPath(donorFeed.url))).body).find(
      (e) => e.uid === `${claimId}@ahara.lk`,
    )
    expect(handover?.summary).toBe('Hand over "Kiribath" to Saman Recipient (Ahara)')
    expect(handover?.description).toContain(
      'Ask Saman Recipient for their pickup code before you hand the food over.',
    )
  })

  it('lists the deliveries under way of their volunteer and their donor, each as they read it, not those done', async () => {
    const id = await acceptedDelivery('Dhal curry')
    const { url } = (await call('POST', '/api/me/calendar-feed', ctx.volunteer)).json()
    const uids = () => get(feedPath(url)).then((res) => eventsOf(res.body).map((e) => e.uid))
    expect(await uids()).toContain(`delivery-${id}@ahara.lk`)
    const donorFeed = (await call('POST', '/api/me/calendar-feed', ctx.donor)).json().url
    const forDonor = () =>
      get(feedPath(donorFeed)).then((res) =>
        eventsOf(res.body).find((e) => e.uid === `delivery-${id}@ahara.lk`),
      )
    expect((await forDonor())?.summary).toBe('A volunteer collects "Dhal curry" (Ahara)')
    await call('POST', `/api/deliveries/${id}/pick-up`, ctx.volunteer)
    await call('POST', `/api/deliveries/${id}/complete`, ctx.volunteer, {
      withoutCode: true,
      reason: 'Left with the neighbour.',
    })
    expect(await uids()).not.toContain(`delivery-${id}@ahara.lk`)
    expect(await forDonor()).toBeUndefined()
  })

  it('a new link replaces the old one; stopping it ends both; a made-up link is 404', async () => {
    const first = (await call('POST', '/api/me/calendar-feed', ctx.otherVolunteer)).json().url
    const second = (await call('POST', '/api/me/calendar-feed', ctx.otherVolunteer)).json().url
    expect(second).not.toBe(first)
    expect((await get(feedPath(first))).statusCode).toBe(404)
    expect((await get(feedPath(second))).statusCode).toBe(200)
    expect((await call('DELETE', '/api/me/calendar-feed', ctx.otherVolunteer)).statusCode).toBe(204)
    expect((await get(feedPath(second))).statusCode).toBe(404)
    expect((await get('/api/me/calendar-feed', ctx.otherVolunteer)).json().active).toBe(false)
    expect((await get(`/api/calendar/${'a'.repeat(32)}/ahara.ics`)).statusCode).toBe(404)
    // A link cut short or mangled by a calendar app is just as unknown.
    for (const token of ['short', 'a'.repeat(33), 'not%20a%20token', 'b'.repeat(90)]) {
      expect((await get(`/api/calendar/${token}/ahara.ics`)).statusCode, token).toBe(404)
    }
    expect((await get('/api/me/calendar-feed')).statusCode).toBe(401)
  })
})
