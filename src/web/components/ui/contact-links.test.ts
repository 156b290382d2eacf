import { describe, expect, it } from 'vitest'
import { internationalDigits, mapsHref, telHref, whatsAppHref } from './contact-links'

describe('links to reach the other side', () => {
  it.each([
    ['0771234567', '94771234567'],
    ['077 123 4567', '94771234567'],
    ['+94 77 123 4567', '94771234567'],
    ['94771234567', '94771234567'],
    ['(011) 234-5678', '94112345678'],
  ])('read %s as %s', (typed, digits) => {
    expect(internationalDigits(typed)).toBe(digits)
  })

  it('call, chat on WhatsApp and open the address in maps', () => {
    expect(telHref('077 123 4567')).toBe('tel:+94771234567')
    expect(whatsAppHref('0771234567')).toBe('https://wa.me/94771234567')
    expect(mapsHref('12 Galle Road, Dehiwala')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Galle%20Road%2C%20Dehiwala%2C%20Sri%20Lanka',
    )
  })
})
