import { desc, eq } from 'drizzle-orm'
import type { ContactMessage } from '../../../shared/schemas/contact'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { contactMessages } from '../../db/schema'
import { translator } from '../../platform/i18n'
import type { MailMessage } from '../../platform/mail'
import { ownRows } from '../../platform/personal-data'

export type StoredContactMessage = typeof contactMessages.$inferSelect

export async function saveContactMessage(
  db: Database,
  input: ContactMessage,
  userId: string | null,
): Promise<StoredContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId })
    .returning()
  return row!
}

/** The mail support receives: in English, the support team's working language, with the sender to reply to. */
export function contactMail(row: StoredContactMessage, supportEmail: string): MailMessage {
  const t = translator('en')
  const category = t(`contact.categories.${row.category}`)
  return {
    to: supportEmail,
    subject: t('contact.mail.subject', { category, subject: row.subject }),
    text: t('contact.mail.text', {
      name: row.name,
      email: row.email,
      category,
      account: row.userId ?? t('contact.mail.noAccount'),
      id: row.id,
      message: row.message,
    }),
  }
}

/** The messages the user sent to support while signed in (docs/decisions/0039-own-data.md). */
export async function contactMessagesExport(db: Database, userId: string) {
  return ownRows(
    db,
    contactMessages,
    columnsOf(contactMessages, 'name', 'email', 'category', 'subject', 'message', 'createdAt'),
    { column: contactMessages.userId, id: userId },
    desc(contactMessages.createdAt),
  )
}

/** Deleting the account deletes the messages it sent: no figure counts them. */
export async function removeContactMessagesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(contactMessages).where(eq(contactMessages.userId, userId))
}
