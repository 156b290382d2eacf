import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import { ACTIONS, can, POLICY, type Refusal, refusal } from './policy'
import { ROLES } from './reference-data'

const donor: Actor = { id: 'donor', role: 'donor' }
const recipient: Actor = { id: 'recipient', role: 'recipient' }
const colombo = { district: 'Colombo', location: 'Colombo 07' }
const volunteer: Actor = { id: 'volunteer', role: 'volunteer', isVerified: true, ...colombo }
const otherVolunteer: Actor = { id: 'other-volunteer', role: 'volunteer', isVerified: true, ...colombo }
const withoutRole: Actor = { id: 'google-user', role: null }
const signedOut = null

const listing = { donorId: donor.id }
const parties = { requesterId: recipient.id, donorId: donor.id, volunteerId: volunteer.id }
/** A delivery's ends, as the policy reads them next to its parties. */
const inColombo = { pickupDistrict: 'Colombo', district: 'Colombo' }
const kandyToJaffna = { pickupDistrict: 'Kandy', district: 'Jaffna' }

describe('public pages', () => {
  it.each(['listing.view', 'story.view', 'event.view', 'figures.view'] as const)('%s: anyone', (action) => {
    expect(can(signedOut, action)).toBe(true)
    expect(can(withoutRole, action)).toBe(true)
  })
})

describe('every other action', () => {
  it.each(ACTIONS.filter((action) => !POLICY[action].anyone))('%s: refused signed out with 401', (action) => {
    const rule = POLICY[action]
    if (rule.anyone) throw new Error('public')
    // Signed out, the rule is answered before the resource is read.
    const refusalOf = refusal as (actor: null, action: string, resource?: object) => Refusal | null
    expect(refusalOf(signedOut, action, {})).toEqual({ status: 401, key: rule.signInKey })
  })
})

describe('where to collect a listing', () => {
  const located = (approved: string[] = [], volunteers: string[] = []) => ({
    donorId: donor.id,
    approvedRequesterIds: approved,
    volunteerIds: volunteers,
  })
  it('its donor, an approved requester and its volunteer; nobody else', () => {
    expect(can(donor, 'listing.seeLocation', located())).toBe(true)
    expect(can(recipient, 'listing.seeLocation', located([recipient.id]))).toBe(true)
    expect(can(volunteer, 'listing.seeLocation', located([], [volunteer.id]))).toBe(true)
    expect(can(recipient, 'listing.seeLocation', located())).toBe(false)
    expect(can(otherVolunteer, 'listing.seeLocation', located([recipient.id], [volunteer.id]))).toBe(false)
    expect(can(withoutRole, 'listing.seeLocation', located())).toBe(false)
    expect(can(signedOut, 'listing.seeLocation', located())).toBe(false)
  })
})

describe('listings', () => {
  it('donors create; other roles get 403', () => {
    expect(can(donor, 'listing.create')).toBe(true)
    for (const actor of [recipient, volunteer, withoutRole]) {
      expect(refusal(actor, 'listing.create')).toEqual({ status: 403, key: 'errors.forbidden' })
    }
    expect(refusal(signedOut, 'listing.create')).toEqual({ status: 401, key: 'errors.signInRequired' })
  })

  it("the listing's donor edits; another donor gets 403 notOwner", () => {
    expect(can(donor, 'listing.edit', listing)).toBe(true)
    expect(refusal({ id: 'other', role: 'donor' }, 'listing.edit', listing)).toEqual({
      status: 403,
      key: 'listings.errors.notOwner',
    })
    expect(refusal(signedOut, 'listing.edit', listing)?.key).toBe('listings.errors.signInToEdit')
  })

  it.each([
    ['listing.claim', 'orders.errors.signInToClaim'],
    ['listing.request', 'orders.errors.signInToRequest'],
    ['listing.askDelivery', 'orders.errors.signInToDeliver'],
  ] as const)('%s: any signed-in user but the donor, whatever the role', (action, signInKey) => {
    for (const actor of [recipient, volunteer, withoutRole, { id: 'other', role: 'donor' } as const]) {
      expect(can(actor, action, listing)).toBe(true)
    }
    expect(refusal(donor, action, listing)).toEqual({ status: 403, key: 'orders.errors.ownListing' })
    expect(refusal(signedOut, action, listing)).toEqual({ status: 401, key: signInKey })
  })
})

describe('orders', () => {
  const order = { requesterId: recipient.id, donorId: donor.id }

  it('its requester and the donor see it; nobody else', () => {
    expect(can(recipient, 'order.view', order)).toBe(true)
    expect(can(donor, 'order.view', order)).toBe(true)
    expect(refusal(volunteer, 'order.view', order)).toEqual({ status: 403, key: 'errors.forbidden' })
  })

  it('the donor decides and completes; the requester cancels', () => {
    expect(can(donor, 'order.decide', order)).toBe(true)
    expect(can(recipient, 'order.decide', order)).toBe(false)
    expect(can(recipient, 'order.cancel', order)).toBe(true)
    expect(can(donor, 'order.cancel', order)).toBe(false)
  })
})

describe('deliveries', () => {
  it('parties see it; other volunteers only while an approved one waits', () => {
    for (const actor of [recipient, donor, volunteer]) {
      const delivery = { ...parties, ...inColombo, status: 'assigned', approved: true } as const
      expect(can(actor, 'delivery.view', delivery)).toBe(true)
      expect(can(actor, 'delivery.view', { ...delivery, status: 'pending', approved: false })).toBe(true)
    }
    const waiting = {
      ...parties,
      ...inColombo,
      volunteerId: null,
      status: 'pending',
      approved: true,
    } as const
    expect(can(otherVolunteer, 'delivery.view', waiting)).toBe(true)
    expect(can(otherVolunteer, 'delivery.view', { ...waiting, approved: false })).toBe(false)
    expect(
      can(otherVolunteer, 'delivery.view', { ...parties, ...inColombo, status: 'assigned', approved: true }),
    ).toBe(false)
    expect(can({ id: 'other', role: 'recipient' }, 'delivery.view', waiting)).toBe(false)
  })

  it('a waiting delivery is seen and taken only by volunteers who can reach both ends', () => {
    const waiting = {
      ...parties,
      ...kandyToJaffna,
      volunteerId: null,
      status: 'pending',
      approved: true,
    } as const
    expect(refusal(otherVolunteer, 'delivery.view', waiting)).toEqual({
      status: 403,
      key: 'deliveries.errors.outOfReach',
    })
    expect(refusal(otherVolunteer, 'delivery.accept', { requesterId: null, ...kandyToJaffna })).toEqual({
      status: 403,
      key: 'deliveries.errors.outOfReach',
    })
    const inKandy: Actor = { ...otherVolunteer, district: 'Kandy', location: 'Peradeniya' }
    const kandyToMatale = { pickupDistrict: 'Kandy', district: 'Matale' }
    expect(can(inKandy, 'delivery.view', { ...waiting, ...kandyToMatale })).toBe(true)
    expect(can(inKandy, 'delivery.accept', { requesterId: null, ...kandyToMatale })).toBe(true)
    // Its volunteer keeps it, wherever they now live.
    expect(
      can(volunteer, 'delivery.view', { ...waiting, volunteerId: volunteer.id, status: 'assigned' }),
    ).toBe(true)
  })

  it('contact details and addresses are for the parties only', () => {
    for (const actor of [recipient, donor, volunteer])
      expect(can(actor, 'delivery.seeContact', parties)).toBe(true)
    expect(can(otherVolunteer, 'delivery.seeContact', parties)).toBe(false)
  })

  it('volunteers list the waiting ones and accept, not their own request', () => {
    expect(can(volunteer, 'delivery.listWaiting')).toBe(true)
    expect(can(recipient, 'delivery.listWaiting')).toBe(false)
    expect(can(volunteer, 'delivery.accept', { requesterId: recipient.id, ...inColombo })).toBe(true)
    expect(can(volunteer, 'delivery.accept', { requesterId: null, ...inColombo })).toBe(true)
    expect(refusal(donor, 'delivery.accept', { requesterId: recipient.id, ...inColombo })?.key).toBe(
      'deliveries.errors.volunteersOnly',
    )
    expect(refusal(volunteer, 'delivery.accept', { requesterId: volunteer.id, ...inColombo })?.key).toBe(
      'deliveries.errors.ownRequest',
    )
  })

  it('a volunteer waiting for verification lists the waiting deliveries but may not accept one', () => {
    for (const pending of [
      { id: 'pending', role: 'volunteer', isVerified: false },
      { id: 'unknown', role: 'volunteer' },
    ] as const) {
      expect(can(pending, 'delivery.listWaiting')).toBe(true)
      expect(refusal(pending, 'delivery.accept', { requesterId: null, ...inColombo })).toEqual({
        status: 403,
        key: 'deliveries.errors.notVerified',
      })
    }
  })

  it('the donor and the requester of an order rate each other; nobody else', () => {
    const order = { requesterId: recipient.id, donorId: donor.id }
    expect(can(recipient, 'order.rate', order)).toBe(true)
    expect(can(donor, 'order.rate', order)).toBe(true)
    expect(can(volunteer, 'order.rate', order)).toBe(false)
    expect(can(null, 'order.rate', order)).toBe(false)
  })

  it('its volunteer delivers; its requester cancels and rates', () => {
    expect(can(volunteer, 'delivery.deliver', parties)).toBe(true)
    expect(refusal(otherVolunteer, 'delivery.deliver', parties)?.key).toBe('deliveries.errors.notYours')
    expect(can(otherVolunteer, 'delivery.deliver', { volunteerId: null })).toBe(false)
    for (const action of ['delivery.cancel', 'delivery.rate'] as const) {
      expect(can(recipient, action, parties)).toBe(true)
      expect(refusal(donor, action, parties)).toEqual({ status: 403, key: 'errors.forbidden' })
    }
  })
})

describe('notifications, profile, uploads', () => {
  it("someone else's notification is answered as missing", () => {
    expect(can(recipient, 'notification.read', { userId: recipient.id })).toBe(true)
    expect(refusal(donor, 'notification.read', { userId: recipient.id })).toEqual({
      status: 404,
      key: 'errors.notFound',
    })
  })

  it('any signed-in user edits their profile and uploads', () => {
    expect(can(withoutRole, 'account.edit')).toBe(true)
    expect(can(withoutRole, 'upload.create')).toBe(true)
    expect(refusal(signedOut, 'upload.create')?.key).toBe('uploads.errors.signInRequired')
  })
})

describe('stories and events', () => {
  it('any signed-in user writes and likes; the author edits', () => {
    expect(can(volunteer, 'story.create')).toBe(true)
    expect(can(volunteer, 'story.like')).toBe(true)
    expect(can(recipient, 'story.edit', { authorId: recipient.id })).toBe(true)
    expect(refusal(donor, 'story.edit', { authorId: recipient.id })?.key).toBe('stories.errors.authorOnly')
  })

  it('the organizer edits and sees attendees; others attend', () => {
    const event = { organizerId: volunteer.id }
    expect(can(donor, 'event.create')).toBe(true)
    expect(can(volunteer, 'event.edit', event)).toBe(true)
    expect(can(volunteer, 'event.seeAttendees', event)).toBe(true)
    expect(refusal(donor, 'event.edit', event)?.key).toBe('events.errors.organizerOnly')
    expect(refusal(donor, 'event.seeAttendees', event)?.key).toBe('events.errors.organizerOnly')
    expect(can(donor, 'event.attend', event)).toBe(true)
    expect(refusal(volunteer, 'event.attend', event)?.key).toBe('events.errors.organizerCannotJoin')
  })
})

describe('dashboards', () => {
  it.each(ROLES)("the %s dashboard is for that role's users", (role) => {
    for (const actor of [donor, recipient, volunteer, withoutRole]) {
      expect(can(actor, 'dashboard.view', { role })).toBe(actor.role === role)
    }
  })
})
