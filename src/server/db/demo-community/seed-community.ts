import { eq } from 'drizzle-orm'
import { eventInputSchema } from '../../../shared/schemas/community-events'
import { storyInputSchema } from '../../../shared/schemas/stories'
import { createEvent, joinEvent } from '../../features/community-events/service'
import { createStory, setLike } from '../../features/stories/service'
import { stories } from '../schema'
import { addDays, type DemoContext } from './context'

/** The community's events (their starts are Sri Lankan wall clock, days after today). */
const EVENTS = (today: string) => [
  {
    organizer: 'kasun',
    title: 'Beach clean-up and community lunch',
    description: 'Join us to clean Mount Lavinia beach, then share a lunch made from rescued food.',
    startsAt: `${addDays(today, 5)}T16:00`,
    address: 'Mount Lavinia Beach',
    city: 'Colombo',
    district: 'Colombo',
    maxAttendees: 40,
  },
  {
    organizer: 'spice',
    title: 'Food safety workshop for donors',
    description: 'Learn how to store, pack and label surplus food safely. Open to homes and businesses.',
    startsAt: `${addDays(today, 12)}T10:00`,
    address: 'Kandy City Centre, Level 3',
    city: 'Kandy',
    district: 'Kandy',
    maxAttendees: 25,
  },
  {
    organizer: 'dilani',
    title: 'Volunteer drivers meet-up',
    description: 'Plan delivery routes for the southern province and meet other volunteers.',
    startsAt: `${addDays(today, 20)}T17:00`,
    address: 'Galle Fort Library',
    city: 'Galle',
    district: 'Galle',
    maxAttendees: null,
  },
]

/** Stories told in the weeks before. */
const STORIES = [
  {
    author: 'hope',
    title: 'Bread every morning for 30 children',
    body: 'Thanks to Galle Fort Bakery, the children at our home have fresh bread for breakfast every weekday. What used to be thrown away now starts their school day.',
    category: 'success',
    daysAgo: 3,
  },
  {
    author: 'spice',
    title: 'How our restaurant cut waste by half',
    body: 'We used to throw away trays of rice and curry every night. Now we post what is left at closing time, and it is gone within the hour.',
    category: 'impact',
    daysAgo: 9,
  },
  {
    author: 'kasun',
    title: 'My first month as a volunteer driver',
    body: 'Twelve deliveries across Colombo on my scooter. Every door that opens with a smile makes the traffic worth it.',
    category: 'community',
    daysAgo: 15,
  },
  {
    author: 'nimal',
    title: 'දානයෙන් ඉතුරු වෙන කෑම අසල්වැසියන්ට',
    body: 'දානයකින් පස්සේ ඉතුරු වෙන බත් සහ ව්‍යංජන අපි දැන් විසි කරන්නේ නැහැ. Ahara එකේ දාපු ගමන් පැයක් ඇතුළත අසල්වැසියෝ ඇවිත් අරගෙන යනවා.',
    category: 'community',
    daysAgo: 20,
  },
  {
    author: 'tharshini',
    title: 'நல்லூரில் வீணாகாத விருந்து',
    body: 'விசேஷத்துக்குச் சமைத்ததில் மீதமான உணவை Ahara-வில் பதிவிட்டேன். ஒரு மணி நேரத்துக்குள் அயலவர்கள் வந்து எடுத்துச் சென்றார்கள். இனி எதுவும் வீணாகாது.',
    category: 'success',
    daysAgo: 24,
  },
]

/**
 * Events as their organisers created them and the people who joined, and stories with their likes,
 * through the pages' schemas and services. A story's date is then moved back to when it was told:
 * the services write the stories of now.
 */
export async function seedCommunity({ tx, ago, today, user, person }: DemoContext): Promise<void> {
  const eventIds: string[] = []
  for (const { organizer, ...event } of EVENTS(today.date)) {
    eventIds.push(await createEvent(tx, person(organizer), eventInputSchema.parse(event)))
  }
  const attendees: [number, string][] = [
    [0, 'saman'],
    [0, 'nimal'],
    [1, 'bakery'],
    [2, 'kasun'],
  ]
  for (const [event, key] of attendees) await joinEvent(tx, person(key), eventIds[event]!)

  const storyIds: string[] = []
  for (const { author, daysAgo, ...story } of STORIES) {
    const id = await createStory(tx, user(author), storyInputSchema.parse(story))
    await tx
      .update(stories)
      .set({ createdAt: ago(daysAgo) })
      .where(eq(stories.id, id))
    storyIds.push(id)
  }
  const likes: [number, string][] = [
    [0, 'saman'],
    [0, 'kasun'],
    [1, 'hope'],
  ]
  for (const [story, key] of likes) await setLike(tx, user(key), storyIds[story]!, true)
}
