import type { AuditEntry } from '../../../shared/schemas/moderation'
import { PagedPanel } from '../../components/ui/Panel'
import { formatDateTime } from '../../lib/format'
import { loadedItems } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useAuditLog } from './api'

/** The audit log, newest first: who did what to which target, when and why. Nobody can edit it. */
export function AuditLogTab() {
  const { t } = useTranslation()
  const query = useAuditLog()
  const entries = loadedItems(query)
  return (
    <PagedPanel
      title={t('moderating.audit.heading')}
      query={query}
      isEmpty={entries.length === 0}
      empty={t('moderating.audit.empty')}
    >
      <ol className="divide-y divide-gray-100" aria-label={t('moderating.audit.heading')}>
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ol>
    </PagedPanel>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const target = entry.targetLabel ?? entry.targetId
  return (
    <li className="py-3 text-sm">
      <p className="font-medium text-gray-900">
        {t(`moderating.audit.actions.${entry.action}`)}:{' '}
        <span data-user-content className="break-words">
          {entry.targetType === 'report' ? t(`moderation.reasons.${target}`, target) : target}
        </span>
      </p>
      <p className="text-gray-600">
        {t('moderating.audit.byWhen', {
          actor: entry.actor?.name ?? t('moderating.audit.operator'),
          when: formatDateTime(entry.createdAt),
        })}
      </p>
      {entry.action === 'role_changed' && (
        <p className="text-gray-600">
          {t('moderating.audit.roleChange', {
            from: entry.details.from ? t(`auth.roles.${entry.details.from}`) : '—',
            to: entry.details.to ? t(`auth.roles.${entry.details.to}`) : '—',
          })}
        </p>
      )}
      {entry.reason && (
        <p className="mt-1 text-gray-800">
          {t('moderating.audit.why')} <span data-user-content>{entry.reason}</span>
        </p>
      )}
    </li>
  )
}
