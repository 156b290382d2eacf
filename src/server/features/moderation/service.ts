import type { Database, Transaction } from '../../db/client'
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

export { moderationExport } from './personal-data'
export { appointAdministrators } from './roles'
