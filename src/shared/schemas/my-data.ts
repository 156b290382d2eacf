import { z } from 'zod'

/**
 * Deleting one's account (docs/decisions/0039-own-data.md): an account with a password confirms
 * with it; one without (Google only) types its e-mail address. Messages are i18n keys.
 */
export const accountDeletionSchema = z.object({
  password: z.string().max(128, 'auth.errors.passwordTooLong').optional(),
  email: z.string().trim().max(254, 'auth.errors.emailInvalid').optional(),
})
export type AccountDeletion = z.infer<typeof accountDeletionSchema>

/** How the signed-in user confirms a deletion. */
export const deletionConfirmationSchema = z.object({ confirmWith: z.enum(['password', 'email']) })
export type DeletionConfirmation = z.infer<typeof deletionConfirmationSchema>

/** The dialog's form: what the user types, checked before it is sent. */
export function accountDeletionFormSchema(confirmWith: DeletionConfirmation['confirmWith']) {
  return confirmWith === 'password'
    ? z.object({
        secret: z.string().min(1, 'auth.errors.passwordRequired').max(128, 'auth.errors.passwordTooLong'),
      })
    : z.object({
        secret: z.string().trim().min(1, 'auth.errors.emailRequired').max(254, 'auth.errors.emailInvalid'),
      })
}
