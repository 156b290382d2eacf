/** Organisations (docs/decisions/0054-organisations-and-their-limits.md): what sign-up asks, what moderators see. */
import { z } from 'zod'
import { MAX_ORGANISATION_CAPACITY, ORGANISATION_KINDS } from '../organisations'
import { accountToVet, VETTING_STATES, vettingPageSchema } from './vetting'

const text = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong)

/** What a recipient signing up for an organisation adds (messages: auth.errors.organisation*). */
export const organisationInputSchema = z.object({
  kind: z.enum(ORGANISATION_KINDS, 'auth.errors.organisationKindRequired'),
  name: text(150, 'auth.errors.organisationNameRequired', 'auth.errors.organisationNameTooLong'),
  registrationNumber: text(
    60,
    'auth.errors.organisationRegistrationRequired',
    'auth.errors.organisationRegistrationTooLong',
  ),
  /** People fed a day, as a whole number (a form's text is read as one). */
  capacity: z.coerce
    .number('auth.errors.organisationCapacityInvalid')
    .int('auth.errors.organisationCapacityInvalid')
    .min(1, 'auth.errors.organisationCapacityInvalid')
    .max(MAX_ORGANISATION_CAPACITY, 'auth.errors.organisationCapacityInvalid'),
  contactPerson: text(
    100,
    'auth.errors.organisationContactRequired',
    'auth.errors.organisationContactTooLong',
  ),
})
export type OrganisationInput = z.input<typeof organisationInputSchema>

/** The organisation as its own account sees it (GET /api/me). */
export const ownOrganisationSchema = organisationInputSchema.extend({
  capacity: z.number(),
  state: z.enum(VETTING_STATES),
  refusal: z.string().nullable(),
})
export type OwnOrganisation = z.infer<typeof ownOrganisationSchema>

/** An organisation as the Organisations tab of /moderation shows it, to decide. */
export const organisationToVerifySchema = ownOrganisationSchema.extend({
  ...accountToVet,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})
export type OrganisationToVerify = z.infer<typeof organisationToVerifySchema>

export const organisationListSchema = vettingPageSchema(organisationToVerifySchema)

/** What donors see of a verified organisation on its orders: its name and kind, never its members. */
export const publicOrganisationSchema = z.object({ name: z.string(), kind: z.enum(ORGANISATION_KINDS) })
export type PublicOrganisation = z.infer<typeof publicOrganisationSchema>
