import { z } from 'zod'

/** The last page a list serves (a bound, so an offset never overflows). */
export const MAX_PAGE = 10_000

/**
 * A whole number in a query string, which is always text: decimal digits only, so '0x1', '1e3',
 * ' 1', '' and a repeated parameter are refused instead of being read as some number.
 */
export const queryInteger = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z
    .string('errors.invalid')
    .regex(/^\d{1,9}$/, 'errors.invalid')
    .transform(Number)
    .pipe(z.number().int().min(min, 'errors.invalid').max(max, 'errors.invalid'))
    .default(fallback)
