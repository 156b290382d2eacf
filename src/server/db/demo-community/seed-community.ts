import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import { eventAttendees, events, stories, storyLikes } from '../schema'
import { addDays, type DemoContext } from './context'

/** Events with their attendees, and stories with their likes. */
export async function seedCommunity({ tx, ago, today, user }: DemoContext): Promise<void> {
  const eventRows = await tx
    .insert(events)
    .values([
      {
        organizerId: user('kasun'),
        title: 'Beach clean-up and community lunch',
        description: 'Join us to clean Mount Lavinia beach, then share a lunch made from rescued food.',
        startsAt: sriLankaInstant(addDays(today.date, 5), '16:00'),
        address: 'Mount Lavinia Beach',
        city: 'Colombo',
        district: 'Colombo',
        maxAttendees: 40,
      },
      {
        organizerId: user('spice'),
        title: 'Food safety workshop for donors',
        description: 'Learn how to store, pack and label surplus food safely. Open to homes and businesses.',
        startsAt: sriLankaInstant(addDays(today.date, 12), '10:00'),
        address: 'Kandy City Centre, Level 3',
        city: 'Kandy',
        district: 'Kandy',
        maxAttendees: 25,
      },
      {
        organizerId: user('dilani'),
        title: 'Volunteer drivers meet-up',
        description: 'Plan delivery routes for the southern province and meet other volunteers.',
        startsAt: sriLankaInstant(addDays(today.date, 20), '17:00'),
        address: 'Galle Fort Library',
        city: 'Galle',
        district: 'Galle',
        maxAttendees: null,
      },
    ])
    .returning({ id: events.id })
  await tx.insert(eventAttendees).values([
    { eventId: eventRows[0]!.id, userId: user('saman') },
    { eventId: eventRows[0]!.id, userId: user('nimal') },
    { eventId: eventRows[1]!.id, userId: user('bakery') },
    { eventId: eventRows[2]!.id, userId: user('kasun') },
  ])

  const storyRows = await tx
    .insert(stories)
    .values([
      {
        authorId: user('hope'),
        title: 'Bread every morning for 30 children',
        body: 'Thanks to Galle Fort Bakery, the children at our home have fresh bread for breakfast every weekday. What used to be thrown away now starts their school day.',
        category: 'success',
        createdAt: ago(3),
      },
      {
        authorId: user('spice'),
        title: 'How our restaurant cut waste by half',
        body: 'We used to throw away trays of rice and curry every night. Now we post what is left at closing time, and it is gone within the hour.',
        category: 'impact',
        createdAt: ago(9),
      },
      {
        authorId: user('kasun'),
        title: 'My first month as a volunteer driver',
        body: 'Twelve deliveries across Colombo on my scooter. Every door that opens with a smile makes the traffic worth it.',
        category: 'community',
        createdAt: ago(15),
      },
      {
        authorId: user('nimal'),
        title: 'දානයෙන් ඉතුරු වෙන කෑම අසල්වැසියන්ට',
        body: 'දානයකින් පස්සේ ඉතුරු වෙන බත් සහ ව්‍යංජන අපි දැන් විසි කරන්නේ නැහැ. Ahara එකේ දාපු ගමන් පැයක් ඇතුළත අසල්වැසියෝ ඇවිත් අරගෙන යනවා.',
        category: 'community',
        createdAt: ago(20),
      },
      {
        authorId: user('tharshini'),
        title: 'நல்லூரில் வீணாகாத விருந்து',
        body: 'விசேஷத்துக்குச் சமைத்ததில் மீதமான உணவை Ahara-வில் பதிவிட்டேன். ஒரு மணி நேரத்துக்குள் அயலவர்கள் வந்து எடுத்துச் சென்றார்கள். இனி எதுவும் வீணாகாது.',
        category: 'success',
        createdAt: ago(24),
      },
    ])
    .returning({ id: stories.id })
  await tx.insert(storyLikes).values([
    { storyId: storyRows[0]!.id, userId: user('saman') },
    { storyId: storyRows[0]!.id, userId: user('kasun') },
    { storyId: storyRows[1]!.id, userId: user('hope') },
  ])
}
