import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { CONTACT_CATEGORIES, EVENT_KINDS, STORY_CATEGORIES } from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf, timestamps } from './columns'

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** general, or dansal: a free food stall (src/shared/reference-data.ts). */
    kind: text('kind').notNull().default('general'),
    /** The organiser asks for volunteers to help at it. */
    volunteersWanted: boolean('volunteers_wanted').notNull().default(false),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    district: text('district'),
    /** The venue's point: public, as the address is. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    maxAttendees: integer('max_attendees'),
    imageUrl: text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('events_max_attendees_check', sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
    check('events_kind_check', oneOf(sql`${t.kind}`, EVENT_KINDS)),
    check(
      'events_district_check',
      sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`,
    ),
    index('events_starts_at_idx').on(t.startsAt),
    index('events_organizer_idx').on(t.organizerId),
  ],
)

/** One row per attendee, so concurrent joins never overwrite each other. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
)

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('stories_category_check', oneOf(sql`${t.category}`, STORY_CATEGORIES)),
    index('stories_created_idx').on(t.createdAt.desc()),
    index('stories_category_idx').on(t.category, t.createdAt.desc()),
    index('stories_author_idx').on(t.authorId),
  ],
)

export const storyLikes = pgTable(
  'story_likes',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('story_likes_user_idx').on(t.userId)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_messages_category_check', oneOf(sql`${t.category}`, CONTACT_CATEGORIES)),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
)
