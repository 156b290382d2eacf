import { z } from 'zod'
import { CONTACT_CATEGORIES } from '../reference-data'

/** Lengths a person writing to support never reaches; they keep the table and the mail small. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const

const requiredText = (max: number, requiredKey: string, tooLongKey: string) =>
  z.string(requiredKey).trim().min(1, requiredKey).max(max, tooLongKey)

/**
 * The contact form: every field required, the e-mail checked.
 * Messages are i18n keys (contact.errors.*); the form and POST /api/contact-messages share it.
 */
export const contactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, 'contact.errors.nameRequired', 'contact.errors.nameTooLong'),
  email: z
    .string('contact.errors.emailRequired')
    .trim()
    .toLowerCase()
    .min(1, 'contact.errors.emailRequired')
    .pipe(z.email('contact.errors.emailInvalid').max(CONTACT_LIMITS.email, 'contact.errors.emailInvalid')),
  category: z.enum(CONTACT_CATEGORIES, 'contact.errors.categoryRequired'),
  subject: requiredText(
    CONTACT_LIMITS.subject,
    'contact.errors.subjectRequired',
    'contact.errors.subjectTooLong',
  ),
  message: requiredText(
    CONTACT_LIMITS.message,
    'contact.errors.messageRequired',
    'contact.errors.messageTooLong',
  ),
})
export type ContactMessageInput = z.input<typeof contactMessageSchema>
export type ContactMessage = z.output<typeof contactMessageSchema>

export const contactMessageCreatedSchema = z.object({ id: z.string() })
