import { z } from 'zod'
import { DIETS } from '../dietary'
import { DISTRICT_NAMES } from '../districts'
import { DONOR_TYPES, LANGUAGES, MIN_PASSWORD_LENGTH, ROLES, SIGN_UP_ROLES } from '../reference-data'
import { VEHICLES } from '../run-schedule'
import { organisationInputSchema, ownOrganisationSchema } from './organisations'
import { phoneOrEmptySchema, phoneSchema } from './phone'
import { pointAnswerSchema, pointSchema } from './point'

/** Messages are i18n keys (auth.errors.*); the server answers them with their English text. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'auth.errors.emailRequired')
  .pipe(z.email('auth.errors.emailInvalid').max(254, 'auth.errors.emailInvalid'))

export const passwordSchema = z
  .string()
  .min(1, 'auth.errors.passwordRequired')
  .min(MIN_PASSWORD_LENGTH, 'auth.errors.passwordTooShort')
  .max(128, 'auth.errors.passwordTooLong')

export { phoneOrEmptySchema, phoneSchema }

const optionalPhone = phoneOrEmptySchema.optional().transform((v) => v || undefined)

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'auth.errors.nameRequired')
  .max(100, 'auth.errors.nameTooLong')
export const locationSchema = z
  .string()
  .trim()
  .min(1, 'auth.errors.locationRequired')
  .max(200, 'auth.errors.locationTooLong')
export const districtSchema = z.enum(DISTRICT_NAMES, 'auth.errors.districtRequired')
export const roleSchema = z.enum(SIGN_UP_ROLES, 'auth.errors.roleRequired')

export const signUpSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'auth.errors.confirmPasswordRequired'),
    location: locationSchema,
    district: districtSchema,
    phone: optionalPhone,
    role: roleSchema,
    donorType: z.enum(DONOR_TYPES, 'auth.errors.donorTypeInvalid').optional(),
    agreeToTerms: z.literal(true, 'auth.errors.termsRequired'),
    language: z.enum(LANGUAGES).optional(),
    /** A recipient signing up for a home, kitchen, temple or NGO (docs/decisions/0054-organisations-and-their-limits.md). */
    organisation: organisationInputSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.errors.passwordsDoNotMatch',
    // Say so together with the other fields' messages, not only once they are fixed.
    when: ({ value }) => typeof (value as { confirmPassword?: unknown }).confirmPassword === 'string',
  })
  .refine((v) => v.role === 'donor' || v.donorType === undefined, {
    path: ['donorType'],
    message: 'auth.errors.donorTypeInvalid',
  })
  .refine((v) => v.role === 'recipient' || v.organisation === undefined, {
    path: ['organisation'],
    message: 'auth.errors.organisationRecipientsOnly',
  })
export type SignUpInput = z.input<typeof signUpSchema>

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'auth.errors.passwordRequired').max(128, 'auth.errors.passwordTooLong'),
})
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({ email: emailSchema })

/** Asking for a one-time sign-in link by e-mail (docs/decisions/0057-proved-email-and-sign-in-links.md). */
export const signInLinkRequestSchema = z.object({ email: emailSchema })

/** The token of an e-mail verification link or of a sign-in link, as the link's page sends it. */
export const emailTokenSchema = z.object({
  token: z.string().min(1, 'auth.errors.linkInvalid').max(200, 'auth.errors.linkInvalid'),
})

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'auth.errors.noResetToken').max(500),
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'auth.errors.confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.errors.passwordsDoNotMatch',
    when: ({ value }) => typeof (value as { confirmPassword?: unknown }).confirmPassword === 'string',
  })
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/** Completing a Google sign-up: the role and location the provider does not give. */
export const completeSignUpSchema = z.object({
  role: z.enum(SIGN_UP_ROLES, 'auth.errors.roleAndLocationRequired'),
  location: z
    .string()
    .trim()
    .min(1, 'auth.errors.roleAndLocationRequired')
    .max(200, 'auth.errors.locationTooLong'),
  district: districtSchema,
  donorType: z.enum(DONOR_TYPES, 'auth.errors.donorTypeInvalid').optional(),
})
export type CompleteSignUpInput = z.infer<typeof completeSignUpSchema>

/** The limits of a volunteer's reach (reachKm), in km. */
export const MIN_REACH_KM = 1
export const MAX_REACH_KM = 100

/** The fields a user may change on their own profile; e-mail and role are not among them. */
export const profileUpdateSchema = z
  .strictObject(
    {
      name: nameSchema,
      location: locationSchema,
      district: districtSchema,
      phone: phoneOrEmptySchema.transform((v) => v || null),
      /** The person picks it (switcher or profile): it is theirs from then on. */
      language: z.enum(LANGUAGES),
      /**
       * The device's language at sign-in: saved as the profile's only while the person has not
       * chosen one (docs/decisions/0064-the-reader-language-wins.md).
       */
      readerLanguage: z.enum(LANGUAGES),
      /** The usual diet: Find Food's default filter. */
      diet: z
        .array(z.enum(DIETS, 'errors.invalid'))
        .max(DIETS.length)
        .transform((diets) => DIETS.filter((d) => diets.includes(d))),
      /** The monthly impact report by e-mail on the 1st (docs/decisions/0056-dansal-and-monthly-reports.md). */
      monthlyReportEmail: z.boolean('errors.invalid'),
      /**
       * Where the person lives, roughly: "near me" measures from it; a volunteer's reach too
       * (docs/decisions/0070-places-are-points.md). Null clears it.
       */
      homePoint: pointSchema.nullable(),
      /** How far a volunteer goes from their home point, each way, in whole km. */
      reachKm: z
        .number('errors.reachOutOfRange')
        .int('errors.reachOutOfRange')
        .min(MIN_REACH_KM, 'errors.reachOutOfRange')
        .max(MAX_REACH_KM, 'errors.reachOutOfRange'),
      /** How a volunteer rides: a run's times use its speed (docs/decisions/0071-volunteer-runs.md). */
      vehicle: z.enum(VEHICLES, 'errors.invalid').nullable(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'profile.errors.readOnlyField' : undefined) },
  )
  .partial()
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
export type ProfileUpdate = z.output<typeof profileUpdateSchema>

/** The profile page's form: the same rules, every field present. */
export const profileFormSchema = profileUpdateSchema
  .pick({
    name: true,
    location: true,
    district: true,
    phone: true,
    diet: true,
    homePoint: true,
    reachKm: true,
    vehicle: true,
  })
  .required()
export type ProfileFormInput = z.input<typeof profileFormSchema>
export type ProfileFormOutput = z.output<typeof profileFormSchema>

/** POST /api/me/phone-verification/confirm: the six digits sent by SMS, as typed (spaces allowed). */
export const phoneCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'phone.errors.codeShape')),
})
export type PhoneCodeInput = z.input<typeof phoneCodeSchema>

/** POST /api/me/phone-verification's answer: where the code went (the number grouped) and until when. */
export const phoneCodeSentSchema = z.object({ phone: z.string(), expiresAt: z.string() })

/** PUT /api/me/photo: an image the user uploaded through POST /api/uploads. */
export const profilePhotoSchema = z.object({ url: z.string().min(1).max(300) })

/** The signed-in user as the API returns it (GET /api/me). */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  donorType: z.enum(DONOR_TYPES).nullable(),
  district: z.string().nullable(),
  /** The usual diet, Find Food's default filter. */
  diet: z.array(z.enum(DIETS)),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  /** The phone number was proved by a code sent to it; changing the number clears it (docs/decisions/0051-sms-over-smpp.md). */
  phoneVerified: z.boolean(),
  /** The owner opened the link mailed to the address, or Google vouched for it (0057). */
  emailVerified: z.boolean(),
  /** The owner replied STOP: no SMS until START. */
  smsStopped: z.boolean(),
  /** The uploaded photo, else the sign-in provider's avatar, else null (show the initial). */
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  /**
   * A volunteer's verification (docs/decisions/0038-trust-ratings-fair-use.md): pending until a
   * moderator verifies or refuses them; `vettingRefusal` says why they refused.
   */
  verification: z.enum(['pending', 'verified', 'refused']),
  vettingRefusal: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The person picked their language; until then the device's language wins at sign-in. */
  languageChosen: z.boolean(),
  createdAt: z.string(),
  /** The suspension that holds now (the banner says why and until when; null: permanent), or null. */
  suspension: z.object({ reason: z.string().nullable(), until: z.string().nullable() }).nullable(),
  /** The organisation the recipient signed up for, and whether a moderator verified it; null for a person. */
  organisation: ownOrganisationSchema.nullable(),
  monthlyReportEmail: z.boolean(),
  /** The home area's point (docs/decisions/0070-places-are-points.md), or null when not set. */
  homePoint: pointAnswerSchema.nullable(),
  /** How far the person goes as a volunteer, each way, in km (default 10). */
  reachKm: z.number().int(),
  /** How a volunteer rides (null: not said; a run's times then assume the slower). */
  vehicle: z.enum(VEHICLES).nullable(),
})
export type Me = z.infer<typeof meSchema>

/**
 * GET /api/auth-options: the sign-in methods on offer, the footer's social links (null: hidden) and
 * the map's tiles.
 */
export const siteOptionsSchema = z.object({
  google: z.boolean(),
  devMailbox: z.boolean(),
  social: z.object({
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    twitter: z.string().nullable(),
  }),
  /** The map's tile address ({z}/{x}/{y}) and the credit its licence asks for (MAP_TILES_URL). */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }),
})
export type SiteOptions = z.infer<typeof siteOptionsSchema>

/** The private calendar subscription: its links only in the answer that made them (shown once). */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().optional(),
  webcalUrl: z.string().optional(),
})
export type CalendarFeed = z.infer<typeof calendarFeedSchema>
