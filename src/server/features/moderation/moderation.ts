import type { Database, Transaction } from '../../db/client'
import type { NewNotification } from '../../platform/domain-events'
import { recordEvents } from '../../platform/outbox'
import { type AuditRecord, readAudit, recordAudit } from './audit'

export type Moderation = {
  /**
   * Appends an entry to the audit log (who, what, target, why), in `executor`'s transaction when
   * given. Every moderation action calls it; so do the verification of volunteers and the operator's
   * role command.
   */
  record(entry: AuditRecord, executor?: Database | Transaction): Promise<string>
  /** The audit log newest first, a page at a time. */
  readLog: (page: number, size: number) => ReturnType<typeof readAudit>
}

export function createModeration(db: Database): Moderation {
  return {
    record: (entry, executor = db) => recordAudit(executor, entry),
    readLog: (page, size) => readAudit(db, page, size),
  }
}

/**
 * What a moderator's decision on an account (a volunteer, an organisation) leaves, in `tx`: the
 * audit entry with the reason, and the event whose notice tells the account
 * (`<subject>_verified` or `<subject>_refused`, with the reason); its screens follow `changes`.
 */
export async function recordAccountDecision(
  tx: Transaction,
  moderation: Moderation,
  decision: {
    subject: 'volunteer' | 'organisation'
    moderatorId: string
    userId: string
    refusal: string | null
    event:
      | 'volunteerVetting.verified'
      | 'volunteerVetting.refused'
      | 'organisation.verified'
      | 'organisation.refused'
    /** What the notice says besides the reason. */
    params: Record<string, string>
    details?: Record<string, string | number | null>
    changes: 'deliveries' | 'orders'
  },
): Promise<string> {
  const { subject, userId, refusal } = decision
  const outcome = refusal === null ? 'verified' : 'refused'
  const auditId = await moderation.record(
    {
      actorId: decision.moderatorId,
      action: `${subject}_${outcome}`,
      targetType: 'user',
      targetId: userId,
      reason: refusal,
      ...(decision.details ? { details: decision.details } : {}),
    },
    tx,
  )
  const notice: NewNotification = {
    userId,
    type: `${subject}_${outcome}`,
    params: refusal === null ? decision.params : { ...decision.params, reason: refusal },
    relatedId: auditId,
  }
  await recordEvents(tx, {
    type: decision.event,
    payload: { userId, auditId },
    notices: [notice],
    changes: [{ table: decision.changes, userIds: [userId] }],
  })
  return auditId
}
