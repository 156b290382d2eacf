import { describe, expect, it } from 'vitest'
import { OUT_TOO_LONG } from '../food-safety'
import { sriLankaParts } from '../sri-lanka-time'
import { preparedText } from './listing-clock'
import { createListingSchema, DONATE_STEP_FIELDS, updateListingSchema } from './listing-input'

const minutesAgo = (minutes: number) => preparedText(new Date(Date.now() - minutes * 60_000))

/** The first step's answers only: everything later is still empty, as when the donor presses Next. */
const firstStep = (preparedAt: string, storage: string) => ({
  title: 'Rice and curry',
  categoryId: '',
  description: '',
  preparedAt,
  storage,
  pickupAddress: '',
  expiryDate: '',
  expiryTime: '',
})

const issuesOn = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => (result.error?.issues ?? []).filter((issue) => issue.path[0] === field).map((issue) => issue.message)

describe('the cooked-food clock on the wizard’s first step (docs/decisions/0049-cooked-food-clock.md)', () => {
  it('refuses food out too long beside its field while the later steps are still empty', () => {
    expect(DONATE_STEP_FIELDS[0]).toContain('preparedAt')
    const result = createListingSchema.safeParse(firstStep(minutesAgo(125), 'room'))
    expect(issuesOn(result, 'preparedAt')).toContain(OUT_TOO_LONG)
  })

  it('takes food still in its time, and food kept hot the same day', () => {
    expect(issuesOn(createListingSchema.safeParse(firstStep(minutesAgo(90), 'room')), 'preparedAt')).toEqual(
      [],
    )
    const cookedNow = firstStep(minutesAgo(0), 'hot')
    // In the last minute of the Sri Lankan day, food kept hot is at its time already.
    if (sriLankaParts(new Date()).time < '23:59') {
      expect(issuesOn(createListingSchema.safeParse(cookedNow), 'preparedAt')).toEqual([])
    }
  })

  it('lets a donor close such a listing by hand', () => {
    const closing = { ...firstStep(minutesAgo(300), 'room'), status: 'completed', version: 1 }
    expect(issuesOn(updateListingSchema.safeParse(closing), 'preparedAt')).not.toContain(OUT_TOO_LONG)
    const open = { ...closing, status: 'available' }
    expect(issuesOn(updateListingSchema.safeParse(open), 'preparedAt')).toContain(OUT_TOO_LONG)
  })
})
