import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { DIETS } from '../../../shared/dietary'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { MAX_ORGANISATION_CAPACITY, ORGANISATION_KINDS } from '../../../shared/organisations'
import { DONOR_TYPES, LANGUAGES, ROLES } from '../../../shared/reference-data'
import { VEHICLES } from '../../../shared/run-schedule'
import { oneOf, timestamps } from './columns'

// ---------------------------------------------------------------------------------------------
// Users: better-auth's user model (mapped to this table) with the profile columns beside it, so an
// account and its profile are created in one insert. role is null only for a Google user who has
// not yet completed sign-up.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The sign-in provider's avatar (Google). */
    image: text('image'),
    role: text('role'),
    donorType: text('donor_type'),
    district: text('district'),
    /**
     * The recipient's usual diet, Find Food's default filter (src/shared/dietary.ts). It can tell a
     * faith: exported with the user's data and erased with the account (docs/decisions/0050-dietary-tags.md).
     */
    diet: text('diet').array().notNull().default(sql`'{}'::text[]`),
    location: text('location'),
    /** The home area "near me" starts from; private to the user (docs/decisions/0070-places-are-points.md). */
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    /** How far a volunteer goes, in km; reach is by distance where both points are known. */
    reachKm: integer('reach_km').notNull().default(10),
    /** How a volunteer rides (src/shared/run-schedule.ts): a run's times use its speed (0071). */
    vehicle: text('vehicle'),
    phone: text('phone'),
    /** The photo the user uploaded; shown before the provider's avatar. */
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    /**
     * A volunteer may accept deliveries once a moderator verified them, Google sign-ups too; the demo
     * volunteers start verified (docs/decisions/0038-trust-ratings-fair-use.md).
     */
    isVerified: boolean('is_verified').notNull().default(false),
    /** Why a moderator refused to verify the volunteer (null: not refused). */
    vettingRefusal: text('vetting_refusal'),
    /** The moderator who last verified or refused, and when. */
    vettingDecidedBy: text('vetting_decided_by'),
    vettingDecidedAt: timestamp('vetting_decided_at', { withTimezone: true }),
    /** The language every channel speaks to the user in: bell, e-mail, push, SMS (kept in step with the app's switcher). */
    language: text('language').notNull().default('en'),
    /**
     * The person picked `language` (switcher or profile). Until then signing in keeps the device's
     * language and saves it (docs/decisions/0064-the-reader-language-wins.md).
     */
    languageChosen: boolean('language_chosen').notNull().default(false),
    /**
     * The phone number proved by a code sent to it, as 94… (src/shared/sms.ts); null until then and
     * again once the number changes. SMS goes only here (docs/decisions/0051-sms-over-smpp.md).
     */
    verifiedPhone: text('verified_phone'),
    /** The owner replied STOP: no SMS at all until START (docs/decisions/0052-sms-replies.md). */
    smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
    /**
     * Set while a moderator's suspension holds: the user may sign in and read but not write
     * (docs/decisions/0037-moderation.md). suspendedUntil null with suspendedAt set: permanent.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** The donor's or organisation's monthly impact report by e-mail on the 1st (off unless chosen). */
    monthlyReportEmail: boolean('monthly_report_email').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_district_idx').on(t.district),
    check('users_role_check', sql`${t.role} is null or ${oneOf(sql`${t.role}`, ROLES)}`),
    check(
      'users_donor_type_check',
      sql`${t.donorType} is null or ${oneOf(sql`${t.donorType}`, DONOR_TYPES)}`,
    ),
    check('users_district_check', sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`),
    check(
      'users_diet_check',
      sql`${t.diet} <@ array[${sql.raw(DIETS.map((d) => `'${d}'`).join(', '))}]::text[]`,
    ),
    check('users_language_check', oneOf(sql`${t.language}`, LANGUAGES)),
    check('users_vehicle_check', sql`${t.vehicle} is null or ${oneOf(sql`${t.vehicle}`, VEHICLES)}`),
    // A family's phone serves up to three accounts (docs/decisions/0062-the-family-phone.md):
    // markPhoneVerified counts them under a lock; replies find them by this index.
    index('users_verified_phone_idx').on(t.verifiedPhone),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Credentials and linked providers (better-auth's account model). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
)

/** One-time tokens: password reset links, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/**
 * A recipient that signed up for an organisation: a children's or elders' home, a community kitchen,
 * a temple or an NGO (docs/decisions/0054-organisations-and-their-limits.md). It acts as a person
 * until a moderator verifies it; verified: `is_verified`; refused: not verified with a refusal.
 */
export const organisations = pgTable(
  'organisations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** E.g. the Department of Probation and Child Care Services' or Social Services' registration. */
    registrationNumber: text('registration_number').notNull(),
    /** People it feeds a day: its daily free portions once verified. */
    capacity: integer('capacity').notNull(),
    contactPerson: text('contact_person').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    refusal: text('refusal'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('organisations_kind_check', oneOf(sql`${t.kind}`, ORGANISATION_KINDS)),
    check(
      'organisations_capacity_check',
      sql`${t.capacity} >= 1 and ${t.capacity} <= ${sql.raw(String(MAX_ORGANISATION_CAPACITY))}`,
    ),
    index('organisations_verified_idx').on(t.isVerified),
  ],
)
