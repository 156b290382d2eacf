import { describe, expect, it } from 'vitest'
import { displaySriLankanPhone, parseSriLankanPhone } from './phone'
import './phone-parser'

describe('parseSriLankanPhone', () => {
  it.each([
    ['0771234567', '+94771234567'],
    ['077 123 4567', '+94771234567'],
    ['077-123-4567', '+94771234567'],
    ['+94 77 123 4567', '+94771234567'],
    ['+94 (77) 123-4567', '+94771234567'],
    ['94771234567', '+94771234567'],
    ['0094771234567', '+94771234567'],
    ['011 234 5678', '+94112345678'],
    ['+94112345678', '+94112345678'],
    ['081 222 3333', '+94812223333'],
  ])('takes %s as %s', (typed, stored) => {
    expect(parseSriLankanPhone(typed)).toBe(stored)
  })

  it.each([
    '()()()()()-',
    '+94777777777777777777',
    '1000-01-01',
    '+91 98765 43210',
    '94 77 111 0001x',
    '0771234567 ext 5',
    '07712345678',
    '077123456',
    '0012345678',
    '+94 0 0000000',
    '',
    'abc',
  ])('refuses %j', (typed) => {
    expect(parseSriLankanPhone(typed)).toBeNull()
  })
})

describe('displaySriLankanPhone', () => {
  it('writes a stored number as people in Sri Lanka do, and leaves anything else alone', () => {
    expect(displaySriLankanPhone('+94771234567')).toBe('077 123 4567')
    expect(displaySriLankanPhone('+94112345678')).toBe('011 234 5678')
    expect(displaySriLankanPhone('077 123 4567')).toBe('077 123 4567')
  })
})
