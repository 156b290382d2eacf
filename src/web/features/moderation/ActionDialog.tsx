import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { SUSPENSION_DAYS } from '../../../shared/schemas/moderation'
import { SelectField } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { moderationApi } from './api'
import { ReasonDialog } from './ReasonDialog'

/** A moderator's action: its request, and the words of its dialog (i18n keys under moderating.actions.<kind>). */
export type PendingAction = {
  kind: 'hide' | 'unhide' | 'dismiss' | 'warn' | 'suspend' | 'lift'
  /** Who or what it is about, as the dialog names it. */
  subject: string
  /** One of `actionPaths` (api.ts). */
  path: string
  body: Record<string, unknown>
}

/**
 * Asks the moderator why (every action is recorded with its reason and tells the user concerned),
 * and for how long a suspension holds; then sends the action and refreshes the moderation lists.
 */
export function ActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: PendingAction
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [days, setDays] = useState<string>('7')
  const suspend = action.kind === 'suspend'
  return (
    <ReasonDialog
      title={t(`moderating.actions.${action.kind}.title`)}
      description={t(`moderating.actions.${action.kind}.description`, { subject: action.subject })}
      hint={t('moderating.actions.reasonHint')}
      confirm={t(`moderating.actions.${action.kind}.confirm`)}
      send={(reason) =>
        moderationApi.act(action.path, {
          ...action.body,
          reason,
          ...(suspend ? { days: days === 'permanent' ? null : Number(days) } : {}),
        })
      }
      onSent={async () => {
        // The action changes public lists too (a hidden listing leaves Find Food).
        await queryClient.invalidateQueries()
        onDone(t(`moderating.actions.${action.kind}.done`, { subject: action.subject }))
      }}
      onClose={onClose}
    >
      {suspend && (
        <SelectField
          label={t('moderating.actions.suspend.period')}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        >
          {SUSPENSION_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {t('moderating.actions.suspend.days', { count: d })}
            </option>
          ))}
          <option value="permanent">{t('moderating.actions.suspend.permanent')}</option>
        </SelectField>
      )}
    </ReasonDialog>
  )
}
