import { describe, expect, it } from 'vitest'
import { SMS_NOTIFICATION_TYPES } from '../../../shared/notification-preferences'
import type { Order } from '../../../shared/schemas/orders'
import { smsSegments } from '../../../shared/sms'
import type { DomainEvent } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'
import { renderSmsNotice } from './texts'

const LONG = 'Wellawatte Sri Saddharmodaya Maha Viharaya Dharma School Hall, Galle Road'
const params = { title: LONG, quantity: 100, time: '17:30', volunteer: LONG, city: LONG, take: 40 }

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
  ] as const)('fit two segments in %s, as %s, and the approval three', (language, encoding) => {
    const texts = longest(language)
    for (const text of texts) {
      expect(text.encoding).toBe(encoding)
      const approval = text.type === 'claim_approved' || text.type === 'request_accepted'
      expect(text.segments).toBeLessThanOrEqual(approval ? 3 : 2)
    }
  })

  it('keep the approval, the longest, whole: its code, window and the words to reply', () => {
    // The longest of each language, as the closing note of issue 38 reports them.
    const approval = (language: string) => longest(language).find((text) => text.type === 'claim_approved')
    expect(approval('en')).toMatchObject({ segments: 2, encoding: 'gsm7', length: 227 })
    expect(approval('si')).toMatchObject({ segments: 3, encoding: 'ucs2', length: 200 })
    expect(approval('ta')).toMatchObject({ segments: 3, encoding: 'ucs2', length: 201 })
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

  it('name the street and town in full in si, ta and en, and cut a street too long, never the town', () => {
    const places = {
      si: { street: '123/4, ශ්‍රී සද්ධර්මෝදය මාවත, ගාලු පාර', town: 'වැල්ලවත්ත' },
      ta: { street: '45/2, ஸ்ரீ பொன்னம்பலவாணேசர் கோயில் வீதி', town: 'கொட்டாஞ்சேனை' },
      en: { street: '123/4 Sri Saddharmodaya Mawatha, off Galle Road', town: 'Wellawatte' },
    }
    for (const [language, { street, town }] of Object.entries(places)) {
      const event = {
        ...approved,
        payload: {
          order: {
            ...(approved.payload as { order: Order }).order,
            listing: {
              ...(approved.payload as { order: Order }).order.listing,
              title: 'Bread',
              pickupAddress: street,
              pickupCity: town,
            },
          },
        },
      } as unknown as DomainEvent
      const text = renderSmsNotice(
        { userId: 'u', type: 'claim_approved', params, relatedId: 'r' },
        event,
        language,
      )
      expect(text).toContain(`${street}, ${town}`)
      expect(text).toContain('123 456')
      expect(smsSegments(text).parts.length).toBeLessThanOrEqual(3)

      // A street at the form's 300 characters is cut; the town stays.
      const huge = {
        ...event,
        payload: {
          order: {
            ...(event.payload as { order: Order }).order,
            listing: {
              ...(event.payload as { order: Order }).order.listing,
              pickupAddress: street.repeat(8),
            },
          },
        },
      } as unknown as DomainEvent
      const cut = renderSmsNotice(
        { userId: 'u', type: 'claim_approved', params, relatedId: 'r' },
        huge,
        language,
      )
      expect(cut).toContain(`..., ${town}`)
      expect(cut).toContain('123 456')
      expect(smsSegments(cut).parts.length).toBe(3)
    }
  })

  it('say whose account a notice is for on a shared phone', () => {
    const text = renderSmsNotice(
      { userId: 'u', type: 'claim_declined', params, relatedId: 'r' },
      other,
      'en',
      {
        forName: 'Kumari',
      },
    )
    expect(text).toMatch(/^\(For Kumari\) Ahara: sorry/)
    expect(
      renderSmsNotice({ userId: 'u', type: 'claim_declined', params, relatedId: 'r' }, other, 'ta', {
        forName: 'குமாரி',
      }),
    ).toMatch(/^\(குமாரி க்கு\) ஆஹார:/)
  })

  it('keep the replies and the code within two segments too', () => {
    for (const language of ['en', 'si', 'ta']) {
      const t = translator(language)
      for (const text of [
        t('sms.verification.code', { code: '123456' }),
        t('sms.reply.help'),
        t('sms.reply.unknownSender'),
        t('sms.reply.stopped'),
        t('sms.reply.helpFamily', { names: 'Kumari, Nuwan, Chaminda' }),
        t('sms.reply.offerTaken', { quantity: 40, title: 'Wellawatte Sri Saddharmodaya' }),
      ]) {
        expect(smsSegments(text).parts.length).toBeLessThanOrEqual(2)
      }
    }
  })
})
