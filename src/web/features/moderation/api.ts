import type { AuditEntry, Report, SuspendedUser } from '../../../shared/schemas/moderation'
import type { Page } from '../../lib/paging'

export type AuditPage = Page<AuditEntry>
export type ReportPage = Page<Report>
export type SuspendedPage = Page<SuspendedUser>

/** Query keys of the moderation page; every action refreshes all of them. */
export const moderationKeys = {
  all: ['moderation'] as const,
  audit: ['moderation', 'audit'] as const,
  reports: (status: string) => ['moderation', 'reports', status] as const,
  suspended: ['moderation', 'suspended'] as const,
}
