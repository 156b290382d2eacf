import { describe, expect, it } from 'vitest'
import { EMAIL_NOTIFICATION_TYPES, EMAIL_TYPES_FOR_ROLE, emailTypesFor } from './notification-preferences'
import { ROLES } from './reference-data'

describe('EMAIL_TYPES_FOR_ROLE', () => {
  it('offers a recipient no donor or volunteer mail, and a donor none of a recipient’s orders', () => {
    expect(EMAIL_TYPES_FOR_ROLE.recipient).not.toContain('collection_check')
    expect(EMAIL_TYPES_FOR_ROLE.recipient).not.toContain('delivery_reminder')
    expect(EMAIL_TYPES_FOR_ROLE.donor).not.toContain('claim_approved')
    expect(EMAIL_TYPES_FOR_ROLE.volunteer).toEqual([
      'delivery_reminder',
      'message_received',
      'event_updated',
      'event_cancelled',
      'event_created',
    ])
  })

  it('offers the first refusal of large free food to verified organisations alone', () => {
    expect(emailTypesFor('recipient', false)).not.toContain('first_refusal_offer')
    expect(emailTypesFor('recipient', true)).toContain('first_refusal_offer')
    expect(emailTypesFor('recipient', true)).toContain('claim_approved')
  })

  it('gives every e-mail kind to some role or organisation, and every role the events', () => {
    const offered = new Set(ROLES.flatMap((role) => emailTypesFor(role, true)))
    expect([...EMAIL_NOTIFICATION_TYPES].filter((type) => !offered.has(type))).toEqual([])
    for (const role of ROLES) expect(EMAIL_TYPES_FOR_ROLE[role]).toContain('event_cancelled')
  })
})
