import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { CONTACT_CATEGORIES, EVENT_KINDS, STORY_CATEGORIES } from '../../../shared/reference-data'
import { users } from './accounts'
import { oneOf, timestamps } from './columns'

export const events = pg.pgTable(
  'events',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    organizerId: pg
      .text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** general, or dansal: a free food stall (src/shared/reference-data.ts). */
    kind: pg.text('kind').notNull().default('general'),
    /** The organiser asks for volunteers to help at it. */
    volunteersWanted: pg.boolean('volunteers_wanted').notNull().default(false),
    title: pg.text('title').notNull(),
    description: pg.text('description').notNull(),
    startsAt: pg.timestamp('starts_at', { withTimezone: true }).notNull(),
    address: pg.text('address').notNull(),
    city: pg.text('city').notNull(),
    district: pg.text('district'),
    /** The venue's point: public, as the address is. */
    lat: pg.doublePrecision('lat'),
    lng: pg.doublePrecision('lng'),
    maxAttendees: pg.integer('max_attendees'),
    imageUrl: pg.text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: pg.timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.check('events_max_attendees_check', sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
    pg.check('events_kind_check', oneOf(sql`${t.kind}`, EVENT_KINDS)),
    pg.check(
      'events_district_check',
      sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`,
    ),
    pg.index('events_starts_at_idx').on(t.startsAt),
    pg.index('events_organizer_idx').on(t.organizerId),
  ],
)

/** One row per attendee, so concurrent joins never overwrite each other. */
export const eventAttendees = pg.pgTable(
  'event_attendees',
  {
    eventId: pg
      .uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: pg.timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.eventId, t.userId] }),
    pg.index('event_attendees_user_idx').on(t.userId),
  ],
)

export const stories = pg.pgTable(
  'stories',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    authorId: pg
      .text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: pg.text('title').notNull(),
    body: pg.text('body').notNull(),
    category: pg.text('category').notNull(),
    imageUrl: pg.text('image_url'),
    /** Set while a moderator hides it: gone from every public list and page (docs/decisions/0037-moderation.md). */
    hiddenAt: pg.timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.check('stories_category_check', oneOf(sql`${t.category}`, STORY_CATEGORIES)),
    pg.index('stories_created_idx').on(t.createdAt.desc()),
    pg.index('stories_category_idx').on(t.category, t.createdAt.desc()),
    pg.index('stories_author_idx').on(t.authorId),
  ],
)

export const storyLikes = pg.pgTable(
  'story_likes',
  {
    storyId: pg
      .uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.storyId, t.userId] }), pg.index('story_likes_user_idx').on(t.userId)],
)

export const contactMessages = pg.pgTable(
  'contact_messages',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg.text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: pg.text('name').notNull(),
    email: pg.text('email').notNull(),
    category: pg.text('category').notNull(),
    subject: pg.text('subject').notNull(),
    message: pg.text('message').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.check('contact_messages_category_check', oneOf(sql`${t.category}`, CONTACT_CATEGORIES)),
    pg.index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
)
