import { describe, expect, it } from 'vitest'
import { SMS_NOTIFICATION_TYPES } from '../../../shared/notification-preferences'
import type { Order } from '../../../shared/schemas/orders'
import { smsSegments } from '../../../shared/sms'
import type { DomainEvent } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'
import { renderSmsNotice } from './texts'

const LONG = 'Wellawatte Sri Saddharmodaya Maha Viharaya Dharma School Hall, Galle Road'
const params = { title: LONG, quantity: 100, time: '17:30', volunteer: LONG, city: LONG }

/** The approval at its longest: every name and place at the form's limits, a window, the code. */
const approved = {
  id: 'e1',
  type: 'order.approved',
  payload: {
    order: {
      id: 'o1',
      quantity: 100,
      pickupAt: '2026-12-01T11:30:00.000Z',
      pickupCode: '123456',
      listing: {
        title: LONG,
        pickupAddress: LONG,
        pickupCity: 'Sri Jayawardenepura Kotte',
        pickupDate: '2026-12-01',
        pickupTimeStart: '17:00',
        pickupTimeEnd: '18:30',
      },
    } as unknown as Order,
  },
  notices: [],
  changes: [],
  createdAt: new Date(),
} as unknown as DomainEvent

const other = { ...approved, type: 'order.declined', payload: {} } as unknown as DomainEvent

function longest(language: string) {
  return SMS_NOTIFICATION_TYPES.map((type) => {
    const event = type === 'claim_approved' || type === 'request_accepted' ? approved : other
    const text = renderSmsNotice({ userId: 'u', type, params, relatedId: 'r' }, event, language)
    const { encoding, parts } = smsSegments(text)
    return { type, encoding, segments: parts.length, length: [...text].length }
  })
}

describe('notices by SMS at their longest', () => {
  it.each([
    ['en', 'gsm7'],
    ['si', 'ucs2'],
    ['ta', 'ucs2'],
  ] as const)('fit two segments in %s, as %s', (language, encoding) => {
    const texts = longest(language)
    for (const text of texts) {
      expect(text.encoding).toBe(encoding)
      expect(text.segments).toBeLessThanOrEqual(2)
    }
  })

  it('keep the approval, the longest, whole: its code, window and the words to reply', () => {
    // The longest of each language, as the closing note of issue 31 reports them.
    const approval = (language: string) => longest(language).find((text) => text.type === 'claim_approved')
    expect(approval('en')).toMatchObject({ segments: 1, encoding: 'gsm7' })
    expect(approval('si')).toMatchObject({ segments: 2, encoding: 'ucs2' })
    expect(approval('ta')).toMatchObject({ segments: 2, encoding: 'ucs2' })
    for (const language of ['en', 'si', 'ta']) {
      const text = renderSmsNotice(
        { userId: 'u', type: 'claim_approved', params, relatedId: 'r' },
        approved,
        language,
      )
      expect(text).toContain('123 456')
      expect(text).toContain('01/12 17:00-18:30')
      expect(text.endsWith('...')).toBe(false)
    }
  })

  it('keep the replies and the code within two segments too', () => {
    for (const language of ['en', 'si', 'ta']) {
      const t = translator(language)
      for (const text of [
        t('sms.verification.code', { code: '123456' }),
        t('sms.reply.help'),
        t('sms.reply.unknownSender'),
        t('sms.reply.stopped'),
      ]) {
        expect(smsSegments(text).parts.length).toBeLessThanOrEqual(2)
      }
    }
  })
})
