import type { ComponentType } from 'react'
import { AuditLogTab } from './AuditLogTab'
import { OrganisationsTab } from './OrganisationsTab'
import { ReportsTab } from './ReportsTab'
import { SuspendedUsersTab } from './SuspendedUsersTab'
import { VolunteersTab } from './VolunteersTab'

/**
 * The tabs of /moderation, in their order; `label` is an i18n key. A new moderation tool is a new
 * entry here with its component beside this file.
 */
export const MODERATION_TABS: { value: string; label: string; Content: ComponentType }[] = [
  { value: 'reports', label: 'moderating.tabs.reports', Content: ReportsTab },
  { value: 'volunteers', label: 'moderating.tabs.volunteers', Content: VolunteersTab },
  { value: 'organisations', label: 'moderating.tabs.organisations', Content: OrganisationsTab },
  { value: 'suspended', label: 'moderating.tabs.suspended', Content: SuspendedUsersTab },
  { value: 'audit', label: 'moderating.tabs.audit', Content: AuditLogTab },
]
