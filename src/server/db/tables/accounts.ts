import { sql } from 'drizzle-orm'
import * as pg from 'drizzle-orm/pg-core'
import { DIETS } from '../../../shared/dietary'
import { DISTRICT_NAMES } from '../../../shared/districts'
import { MAX_ORGANISATION_CAPACITY, ORGANISATION_KINDS } from '../../../shared/organisations'
import { DONOR_TYPES, LANGUAGES, ROLES } from '../../../shared/reference-data'
import { VEHICLES } from '../../../shared/run-schedule'
import { oneOf, pointColumns, timestamps } from './columns'

// ---------------------------------------------------------------------------------------------
// Users: better-auth's user model (mapped to this table) with the profile columns beside it, so an
// account and its profile are created in one insert. role is null only for a Google user who has
// not yet completed sign-up.
export const users = pg.pgTable(
  'users',
  {
    id: pg.text('id').primaryKey(),
    name: pg.text('name').notNull(),
    email: pg.text('email').notNull(),
    emailVerified: pg.boolean('email_verified').notNull().default(false),
    /** The sign-in provider's avatar (Google). */
    image: pg.text('image'),
    role: pg.text('role'),
    donorType: pg.text('donor_type'),
    district: pg.text('district'),
    /**
     * The recipient's usual diet, Find Food's default filter (src/shared/dietary.ts). It can tell a
     * faith: exported with the user's data and erased with the account (docs/decisions/0050-dietary-tags.md).
     */
    diet: pg.text('diet').array().notNull().default(sql`'{}'::text[]`),
    location: pg.text('location'),
    /** The home area "near me" starts from; private to the user (docs/decisions/0070-places-are-points.md). */
    ...pointColumns('home', 'home'),
    /** How far a volunteer goes, in km; reach is by distance where both points are known. */
    reachKm: pg.integer('reach_km').notNull().default(10),
    /** How a volunteer rides (src/shared/run-schedule.ts): a run's times use its speed (0071). */
    vehicle: pg.text('vehicle'),
    phone: pg.text('phone'),
    /** The photo the user uploaded; shown before the provider's avatar. */
    profileImageUrl: pg.text('profile_image_url'),
    bio: pg.text('bio'),
    /**
     * A volunteer may accept deliveries once a moderator verified them, Google sign-ups too; the demo
     * volunteers start verified (docs/decisions/0038-trust-ratings-fair-use.md).
     */
    isVerified: pg.boolean('is_verified').notNull().default(false),
    /** Why a moderator refused to verify the volunteer (null: not refused). */
    vettingRefusal: pg.text('vetting_refusal'),
    /** The moderator who last verified or refused, and when. */
    vettingDecidedBy: pg.text('vetting_decided_by'),
    vettingDecidedAt: pg.timestamp('vetting_decided_at', { withTimezone: true }),
    /** The language every channel speaks to the user in: bell, e-mail, push, SMS (kept in step with the app's switcher). */
    language: pg.text('language').notNull().default('en'),
    /**
     * The person picked `language` (switcher or profile). Until then signing in keeps the device's
     * language and saves it (docs/decisions/0064-the-reader-language-wins.md).
     */
    languageChosen: pg.boolean('language_chosen').notNull().default(false),
    /**
     * The phone number proved by a code sent to it, as 94… (src/shared/sms.ts); null until then and
     * again once the number changes. SMS goes only here (docs/decisions/0051-sms-over-smpp.md).
     */
    verifiedPhone: pg.text('verified_phone'),
    /** The owner replied STOP: no SMS at all until START (docs/decisions/0052-sms-replies.md). */
    smsStoppedAt: pg.timestamp('sms_stopped_at', { withTimezone: true }),
    /**
     * Set while a moderator's suspension holds: the user may sign in and read but not write
     * (docs/decisions/0037-moderation.md). suspendedUntil null with suspendedAt set: permanent.
     */
    suspendedAt: pg.timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: pg.timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: pg.text('suspension_reason'),
    /** The donor's or organisation's monthly impact report by e-mail on the 1st (off unless chosen). */
    monthlyReportEmail: pg.boolean('monthly_report_email').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    pg.index('users_role_idx').on(t.role),
    pg.index('users_district_idx').on(t.district),
    pg.check('users_role_check', sql`${t.role} is null or ${oneOf(sql`${t.role}`, ROLES)}`),
    pg.check(
      'users_donor_type_check',
      sql`${t.donorType} is null or ${oneOf(sql`${t.donorType}`, DONOR_TYPES)}`,
    ),
    pg.check(
      'users_district_check',
      sql`${t.district} is null or ${oneOf(sql`${t.district}`, DISTRICT_NAMES)}`,
    ),
    pg.check(
      'users_diet_check',
      sql`${t.diet} <@ array[${sql.raw(DIETS.map((d) => `'${d}'`).join(', '))}]::text[]`,
    ),
    pg.check('users_language_check', oneOf(sql`${t.language}`, LANGUAGES)),
    pg.check('users_vehicle_check', sql`${t.vehicle} is null or ${oneOf(sql`${t.vehicle}`, VEHICLES)}`),
    // A family's phone serves up to three accounts (docs/decisions/0062-the-family-phone.md):
    // markPhoneVerified counts them under a lock; replies find them by this index.
    pg.index('users_verified_phone_idx').on(t.verifiedPhone),
  ],
)

export const sessions = pg.pgTable(
  'sessions',
  {
    id: pg.text('id').primaryKey(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: pg.text('token').notNull().unique(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: pg.text('ip_address'),
    userAgent: pg.text('user_agent'),
    ...timestamps,
  },
  (t) => [pg.index('sessions_user_idx').on(t.userId)],
)

/** Credentials and linked providers (better-auth's account model). */
export const accounts = pg.pgTable(
  'accounts',
  {
    id: pg.text('id').primaryKey(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: pg.text('account_id').notNull(),
    providerId: pg.text('provider_id').notNull(),
    accessToken: pg.text('access_token'),
    refreshToken: pg.text('refresh_token'),
    idToken: pg.text('id_token'),
    accessTokenExpiresAt: pg.timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: pg.timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: pg.text('scope'),
    password: pg.text('password'),
    ...timestamps,
  },
  (t) => [pg.index('accounts_user_idx').on(t.userId)],
)

/** One-time tokens: password reset links, OAuth state. */
export const verifications = pg.pgTable(
  'verifications',
  {
    id: pg.text('id').primaryKey(),
    identifier: pg.text('identifier').notNull(),
    value: pg.text('value').notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [pg.index('verifications_identifier_idx').on(t.identifier)],
)

/**
 * A recipient that signed up for an organisation: a children's or elders' home, a community kitchen,
 * a temple or an NGO (docs/decisions/0054-organisations-and-their-limits.md). It acts as a person
 * until a moderator verifies it; verified: `is_verified`; refused: not verified with a refusal.
 */
export const organisations = pg.pgTable(
  'organisations',
  {
    userId: pg
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: pg.text('kind').notNull(),
    name: pg.text('name').notNull(),
    /** E.g. the Department of Probation and Child Care Services' or Social Services' registration. */
    registrationNumber: pg.text('registration_number').notNull(),
    /** People it feeds a day: its daily free portions once verified. */
    capacity: pg.integer('capacity').notNull(),
    contactPerson: pg.text('contact_person').notNull(),
    isVerified: pg.boolean('is_verified').notNull().default(false),
    refusal: pg.text('refusal'),
    decidedBy: pg.text('decided_by'),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.check('organisations_kind_check', oneOf(sql`${t.kind}`, ORGANISATION_KINDS)),
    pg.check(
      'organisations_capacity_check',
      sql`${t.capacity} >= 1 and ${t.capacity} <= ${sql.raw(String(MAX_ORGANISATION_CAPACITY))}`,
    ),
    pg.index('organisations_verified_idx').on(t.isVerified),
  ],
)
