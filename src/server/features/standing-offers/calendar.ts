/**
 * Standing arrangements in the calendar feed: each offer a donor runs and each one a person takes
 * from is one recurring event, its first occurrence to come with the days' RRULE
 * (docs/decisions/0068-standing-arrangements.md).
 */
import { and, eq, isNull } from 'drizzle-orm'
import { nextOccurrences, rrule, windowCloses, windowOpens } from '../../../shared/standing'
import type { Database } from '../../db/client'
import { standingOffers, standingTakers, users } from '../../db/schema'
import { translator } from '../../platform/i18n'
import type { CalendarEvent } from '../../platform/icalendar'
import { stillTaking } from './offers'

export async function standingCalendarEvents(
  db: Database,
  reader: { id: string; language: string },
  publicUrl: string,
  now = new Date(),
): Promise<CalendarEvent[]> {
  const t = translator(reader.language)
  const own = await db
    .select()
    .from(standingOffers)
    .where(and(eq(standingOffers.donorId, reader.id), isNull(standingOffers.endedAt)))
  const taken = await db
    .select({ offer: standingOffers, quantity: standingTakers.quantity, donor: users.name })
    .from(standingTakers)
    .innerJoin(standingOffers, eq(standingOffers.id, standingTakers.offerId))
    .innerJoin(users, eq(users.id, standingOffers.donorId))
    .where(and(eq(standingTakers.userId, reader.id), stillTaking, isNull(standingOffers.endedAt)))
  const entries = [
    ...own.map((offer) => ({ offer, quantity: offer.quantity, donor: null as string | null })),
    ...taken,
  ]
  return entries.flatMap(({ offer, quantity, donor }) => {
    const [first] = nextOccurrences(offer, now, 1)
    if (!first) return []
    const place = [offer.pickupAddress, offer.pickupCity, t(`districts.${offer.pickupDistrict}`)].join(', ')
    const link = `${publicUrl}/dashboard/${donor === null ? 'donor' : 'recipient'}`
    const params = { title: offer.title, quantity, donor: donor ?? '', link }
    return [
      {
        uid: `standing-${offer.id}-${reader.id}`,
        start: windowOpens(first, offer),
        end: windowCloses(first, offer),
        summary: t(
          donor === null ? 'mail.calendar.standingHandOverSummary' : 'mail.calendar.standingSummary',
          params,
        ),
        location: place,
        description: t(
          donor === null ? 'mail.calendar.standingHandOverDescription' : 'mail.calendar.standingDescription',
          params,
        ),
        url: link,
        status: 'CONFIRMED' as const,
        rrule: rrule(offer),
      },
    ]
  })
}
