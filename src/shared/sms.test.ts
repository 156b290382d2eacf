import { describe, expect, it } from 'vitest'
import {
  displayPhone,
  fitSegments,
  inQuietHours,
  isGsm7,
  languageOfText,
  normalisePhone,
  parseSmsCommand,
  quietHoursEnd,
  senderNumber,
  smsSegments,
  smsSendAt,
} from './sms'
import './phone-parser'
import { sriLankaInstant } from './sri-lanka-time'

describe('normalisePhone', () => {
  it('writes every way people type a Sri Lankan number as 94 and nine digits', () => {
    for (const typed of ['0771234567', '077 123 4567', '+94 77 123 4567', '0094771234567', '94771234567'])
      expect(normalisePhone(typed)).toBe('94771234567')
    expect(normalisePhone('(011) 269-1234')).toBe('94112691234')
    expect(normalisePhone('771234567')).toBe('94771234567')
  })

  it('refuses numbers of another length, of another country, or with a zero after the trunk', () => {
    for (const typed of ['077123456', '07712345678', '+91 98765 43210', '0071234567', 'abc', ''])
      expect(normalisePhone(typed)).toBeNull()
  })

  it('shows a normalised number grouped for reading', () => {
    expect(displayPhone('94771234567')).toBe('+94 77 123 4567')
  })
})

describe('senderNumber', () => {
  it('matches a reply on the whole number, international or national', () => {
    expect(senderNumber('94771110001', 'international')).toBe('94771110001')
    expect(senderNumber('+94771110001', 'international')).toBe('94771110001')
    expect(senderNumber('0771110001', 'national')).toBe('94771110001')
    expect(senderNumber('771110001', 'national')).toBe('94771110001')
  })

  it('strips nothing: letters, spaces, extra digits or another type of address are nobody', () => {
    expect(senderNumber('94 77 111 0001x', 'international')).toBeNull()
    expect(senderNumber('94771110001x', 'international')).toBeNull()
    expect(senderNumber('947711100011', 'international')).toBeNull()
    expect(senderNumber('0771110001', 'international')).toBeNull()
    expect(senderNumber('94771110001', 'national')).toBeNull()
    expect(senderNumber('94771110001', 'other')).toBeNull()
    expect(senderNumber('Ahara', 'other')).toBeNull()
  })
})

describe('smsSegments', () => {
  it('sends plain English as GSM-7: 160 characters in one segment, 153 per part beyond', () => {
    expect(isGsm7('Ahara: pickup at 17:00, code 123 456.')).toBe(true)
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', parts: ['a'.repeat(160)] })
    const long = smsSegments('a'.repeat(161))
    expect(long.parts.map((p) => p.length)).toEqual([153, 8])
  })

  it('counts the extension characters as two septets and never splits one', () => {
    expect(smsSegments('€'.repeat(80)).parts).toHaveLength(1)
    const split = smsSegments(`${'a'.repeat(152)}€${'b'.repeat(8)}`)
    expect(split.parts).toEqual(['a'.repeat(152), `€${'b'.repeat(8)}`])
  })

  it('sends Sinhala and Tamil as UCS-2: 70 characters in one segment, 67 per part', () => {
    const sinhala = 'ආ'.repeat(70)
    expect(smsSegments(sinhala)).toEqual({ encoding: 'ucs2', parts: [sinhala] })
    expect(smsSegments('த'.repeat(71)).parts.map((p) => p.length)).toEqual([67, 4])
    // One character outside GSM-7 makes the whole text UCS-2.
    expect(smsSegments(`Rice – ${'a'.repeat(70)}`).encoding).toBe('ucs2')
  })

  it('cuts a text to the segments allowed, with an ellipsis', () => {
    expect(fitSegments('short', 1)).toBe('short')
    const cut = fitSegments('ස'.repeat(200), 2)
    expect(smsSegments(cut).parts).toHaveLength(2)
    expect(cut.endsWith('...')).toBe(true)
  })
})

describe('parseSmsCommand', () => {
  it('knows the digits and the words in English, Sinhala and Tamil', () => {
    expect(parseSmsCommand(' 1 ')).toBe('confirm')
    expect(parseSmsCommand('0')).toBe('cancel')
    expect(parseSmsCommand('Stop')).toBe('stop')
    expect(parseSmsCommand('STOP.')).toBe('stop')
    expect(parseSmsCommand('නවත්වන්න')).toBe('stop')
    expect(parseSmsCommand('நிறுத்து')).toBe('stop')
    expect(parseSmsCommand('start')).toBe('start')
    expect(parseSmsCommand('தொடங்கு')).toBe('start')
    expect(parseSmsCommand('HELP')).toBe('help')
    expect(parseSmsCommand('උදව්')).toBe('help')
  })

  it('answers null for anything else', () => {
    expect(parseSmsCommand('10')).toBeNull()
    expect(parseSmsCommand('stop it please')).toBeNull()
    expect(parseSmsCommand('')).toBeNull()
  })

  it('tells a stranger’s language by the script they wrote in', () => {
    expect(languageOfText('උදව්')).toBe('si')
    expect(languageOfText('என்ன?')).toBe('ta')
    expect(languageOfText('what?')).toBe('en')
  })
})

describe('quiet hours', () => {
  const at = (time: string, date = '2026-12-01') => sriLankaInstant(date, time)

  it('are 21:00 to 07:00 in Sri Lanka', () => {
    expect(inQuietHours(at('20:59'))).toBe(false)
    expect(inQuietHours(at('21:00'))).toBe(true)
    expect(inQuietHours(at('03:00'))).toBe(true)
    expect(inQuietHours(at('06:59'))).toBe(true)
    expect(inQuietHours(at('07:00'))).toBe(false)
  })

  it('hold a notice until 07:00 the next morning, or this morning after midnight', () => {
    expect(quietHoursEnd(at('22:15'))).toEqual(at('07:00', '2026-12-02'))
    expect(quietHoursEnd(at('05:00'))).toEqual(at('07:00'))
    expect(quietHoursEnd(at('12:00'))).toEqual(at('12:00'))
  })

  it('let a time-critical notice go at once: an approval whose pickup starts before 07:00', () => {
    const dawn = at('06:30', '2026-12-02')
    const noon = at('07:30', '2026-12-02')
    // Outside the quiet hours everything goes at once.
    expect(smsSendAt(at('20:59'), 'claim_approved', noon)).toEqual(at('20:59'))
    expect(smsSendAt(at('20:59'), 'claim_declined')).toEqual(at('20:59'))
    expect(smsSendAt(at('07:00', '2026-12-02'), 'claim_approved', noon)).toEqual(at('07:00', '2026-12-02'))
    // From 21:00 a pickup at 06:30 tomorrow is told at once, one at 07:30 at 07:00.
    expect(smsSendAt(at('21:00'), 'claim_approved', dawn)).toEqual(at('21:00'))
    expect(smsSendAt(at('21:00'), 'request_accepted', noon)).toEqual(at('07:00', '2026-12-02'))
    expect(smsSendAt(at('06:59', '2026-12-02'), 'claim_approved', dawn)).toEqual(at('06:59', '2026-12-02'))
    expect(smsSendAt(at('06:59', '2026-12-02'), 'claim_approved', noon)).toEqual(at('07:00', '2026-12-02'))
    expect(smsSendAt(at('01:55', '2026-12-02'), 'first_refusal_offer', dawn)).toEqual(
      at('01:55', '2026-12-02'),
    )
    expect(smsSendAt(at('01:55', '2026-12-02'), 'event_cancelled', noon)).toEqual(at('07:00', '2026-12-02'))
    // A pickup exactly at 07:00 can wait for 07:00.
    expect(smsSendAt(at('23:00'), 'claim_approved', at('07:00', '2026-12-02'))).toEqual(
      at('07:00', '2026-12-02'),
    )
  })

  it('let a delivery step and a reminder go at once, and hold the rest (a decline) until 07:00', () => {
    for (const type of ['delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'pickup_reminder']) {
      expect(smsSendAt(at('21:00'), type)).toEqual(at('21:00'))
    }
    expect(smsSendAt(at('21:00'), 'claim_declined', at('06:30', '2026-12-02'))).toEqual(
      at('07:00', '2026-12-02'),
    )
    expect(smsSendAt(at('21:00'), 'claim_approved')).toEqual(at('07:00', '2026-12-02'))
  })
})
