import { Flag } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Link } from 'wouter'
import { can } from '../../../shared/policy'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { smallButton } from '../ui/form'
import type { ReportTarget } from './ReportDialog'

const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })))

/**
 * "Report" on someone else's listing, story, event or profile (nothing on one's own); a signed-out
 * visitor is sent to sign in and back. `label` names a user ("Report Nimal", the name marked as
 * user content with withUserContent).
 */
export function ReportButton({
  target,
  ownerId,
  label,
  className = '',
}: {
  target: ReportTarget
  ownerId: string
  label?: ReactNode
  className?: string
}) {
  const { t } = useTranslation()
  const me = useMe().data ?? null
  const signIn = useSignInHere()
  const [open, setOpen] = useState(false)
  const classes = `${smallButton} text-gray-700 hover:bg-gray-100 ${className}`
  const text = label ?? t('moderation.report.button')
  if (!me) {
    return (
      <Link to={signIn} className={classes} title={t('moderation.report.signIn')}>
        <Flag className="size-4" aria-hidden />
        {text}
      </Link>
    )
  }
  if (!can(me, 'content.report', { ownerId })) return null
  return (
    <>
      <button type="button" className={classes} onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden />
        {text}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
