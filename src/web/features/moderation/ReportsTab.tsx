import { useState } from 'react'
import { Link } from 'wouter'
import { REPORT_STATUSES, type ReportStatus } from '../../../shared/reference-data'
import type { Report } from '../../../shared/schemas/moderation'
import { ChoiceButtons } from '../../components/ui/ChoiceButtons'
import { smallButton } from '../../components/ui/form'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import type { PendingAction } from './ActionDialog'
import { ActionList } from './ActionList'
import { actionPaths, useReports } from './api'

/** The reports, open ones first to decide: hide or show the content, dismiss, warn or suspend its owner. */
export function ReportsTab() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<ReportStatus>('open')
  const query = useReports(status)
  return (
    <ActionList<Report>
      title={t('moderating.reports.heading')}
      empty={t(`moderating.reports.empty.${status}`)}
      query={query}
      above={
        <ChoiceButtons
          legend={t('moderating.reports.statusLegend')}
          choices={REPORT_STATUSES}
          value={status}
          onChange={setStatus}
          labelOf={(choice) => t(`moderating.reports.status.${choice}`)}
          className="flex flex-wrap gap-2"
          buttonClassName={`${smallButton} border`}
          pressedClassName="border-brand-700 bg-brand-700 text-white"
          idleClassName="border-gray-300 bg-white text-gray-800 hover:bg-gray-50"
        />
      }
      entry={(report, act) => <ReportCard key={report.id} report={report} onAction={act} />}
    />
  )
}

const TARGET_PATHS = {
  listing: '/listings/',
  event: '/community?tab=events#',
  story: '/community?tab=stories#',
}

function ReportCard({ report, onAction }: { report: Report; onAction: (action: PendingAction) => void }) {
  const { t } = useTranslation()
  const label = report.targetLabel ?? t('moderating.reports.gone')
  const content = report.targetType !== 'user'
  const owner = report.owner
  const target = { targetType: report.targetType, targetId: report.targetId }
  const open = report.status === 'open'
  const shown = content && report.targetLabel !== null
  // The decisions this report still allows, in the order the card offers them; unhiding stays
  // possible after the report is closed.
  const actions: PendingAction[] = [
    ...(open && shown && !report.hidden
      ? [
          {
            kind: 'hide',
            subject: label,
            path: actionPaths.hide,
            body: { ...target, reportId: report.id },
          } as const,
        ]
      : []),
    ...(open && owner
      ? (['warn', 'suspend'] as const).map((kind) => ({
          kind,
          subject: owner.name,
          path: actionPaths.onUser(owner.id, kind),
          body: { reportId: report.id },
        }))
      : []),
    ...(open
      ? [
          {
            kind: 'dismiss',
            subject: label,
            path: actionPaths.dismiss(report.id),
            body: {},
          } as const,
        ]
      : []),
    ...(shown && report.hidden
      ? [{ kind: 'unhide', subject: label, path: actionPaths.unhide, body: target } as const]
      : []),
  ]
  return (
    <li className="rounded-md border border-gray-200 p-3 text-sm" aria-label={label}>
      <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {t(`moderation.targets.${report.targetType}`)}
        {report.hidden && ` · ${t('moderating.reports.hidden')}`}
      </p>
      <p className="font-semibold break-words text-gray-900" data-user-content>
        {report.targetType === 'listing' && report.targetLabel ? (
          <Link className="underline" to={`${TARGET_PATHS.listing}${report.targetId}`}>
            {label}
          </Link>
        ) : (
          label
        )}
      </p>
      {report.thread && (
        // The reported message's thread up to it, as its parties read it.
        <ol className="mt-2 space-y-1 border-s-2 border-gray-200 ps-2 text-gray-700">
          {report.thread.map((message) => (
            <li key={message.id} className="break-words" data-user-content>
              <span className="font-semibold">{message.author.name}:</span>{' '}
              {message.quick ? t(`messages.quick.${message.quick}`) : message.text}
            </li>
          ))}
        </ol>
      )}
      <p className="mt-1 text-gray-800">
        {t(`moderation.reasons.${report.reason}`)}
        {report.note && (
          <>
            {': '}
            <span data-user-content className="break-words">
              {report.note}
            </span>
          </>
        )}
      </p>
      <p className="mt-1 text-gray-600">
        {t('moderating.reports.byWhen', {
          reporter: report.reporter.name,
          when: formatDateTime(report.createdAt),
        })}
        {owner && content && ` · ${t('moderating.reports.owner', { owner: owner.name })}`}
      </p>
      {actions.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action.kind}
              type="button"
              className={`${smallButton} ${action.kind === 'hide' ? 'bg-red-600 text-white hover:bg-red-700' : 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`}
              onClick={() => onAction(action)}
            >
              {t(`moderating.actions.${action.kind}.button`)}
            </button>
          ))}
        </div>
      )}
    </li>
  )
}
