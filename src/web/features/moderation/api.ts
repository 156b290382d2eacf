import type { ReportStatus } from '../../../shared/reference-data'
import type { AuditEntry, Report, SuspendedUser } from '../../../shared/schemas/moderation'
import { api } from '../../lib/api'
import { PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'

export type AuditPage = Page<AuditEntry>
export type ReportPage = Page<Report>
export type SuspendedPage = Page<SuspendedUser>

/** The queues of accounts a moderator verifies or refuses. */
export type Queue = 'volunteers' | 'organisations'

/** Query keys of the moderation page; every action refreshes all of them. */
export const moderationKeys = {
  all: ['moderation'] as const,
  audit: ['moderation', 'audit'] as const,
  reports: (status: string) => ['moderation', 'reports', status] as const,
  suspended: ['moderation', 'suspended'] as const,
  queue: (queue: Queue) => ['moderation', queue] as const,
}

/** `/api/moderation/<list>`, one page of it; `filter` goes before the paging (`status=open&`). */
function listPath(list: string, page: number, filter = '') {
  return `/api/moderation/${list}?${filter}page=${page}&size=${PAGE_SIZE}`
}

export const useAuditLog = () =>
  usePagedQuery<AuditPage>(moderationKeys.audit, (page) => listPath('audit', page))

export const useReports = (status: ReportStatus) =>
  usePagedQuery<ReportPage>(moderationKeys.reports(status), (page) =>
    listPath('reports', page, `status=${status}&`),
  )

export const useSuspendedUsers = () =>
  usePagedQuery<SuspendedPage>(moderationKeys.suspended, (page) => listPath('suspended', page))

export const useQueue = <T>(queue: Queue) =>
  usePagedQuery<Page<T>>(moderationKeys.queue(queue), (page) => listPath(queue, page))

/** Where each moderator's action is sent: a POST of its body with the reason (and a suspension's days). */
export const actionPaths = {
  hide: '/api/moderation/hide',
  unhide: '/api/moderation/unhide',
  dismiss: (reportId: string) => `/api/moderation/reports/${reportId}/dismiss`,
  onUser: (userId: string, action: 'warn' | 'suspend' | 'lift-suspension') =>
    `/api/moderation/users/${userId}/${action}`,
}

export const moderationApi = {
  act: (path: string, body: Record<string, unknown>) => api(path, { method: 'POST', body }),
  verify: (queue: Queue, id: string) =>
    api(`/api/moderation/${queue}/${id}/verify`, { method: 'POST', body: {} }),
  refuse: (queue: Queue, id: string, reason: string) =>
    api(`/api/moderation/${queue}/${id}/refuse`, { method: 'POST', body: { reason } }),
}
