import { z } from 'zod'
import { parseSriLankanPhone } from '../phone'

const INVALID = 'auth.errors.phoneInvalid'

/** Typed text to +94…, or the field's error; with allowEmpty an empty field stays ''. */
const phoneText = (allowEmpty: boolean) =>
  z
    .string(INVALID)
    .trim()
    .max(30, INVALID)
    .transform((typed, ctx) => {
      if (allowEmpty && typed === '') return ''
      const phone = parseSriLankanPhone(typed)
      // Not loaded yet (a web form whose phone field is still loading it): the server checks it.
      if (phone === undefined) return typed
      if (phone) return phone
      ctx.addIssue({ code: 'custom', message: INVALID })
      return z.NEVER
    })

/**
 * Every phone field of the API and its forms (docs/decisions/0060-phone-numbers.md): a Sri Lankan
 * mobile or landline as people type it, stored as E.164 (+94…); anything else is the field's error.
 */
export const phoneSchema = phoneText(false)

/** A phone field that may be left empty: '' stays '' (each form says what an empty one means). */
export const phoneOrEmptySchema = phoneText(true)
