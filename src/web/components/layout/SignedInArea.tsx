import { LayoutDashboard, LogOut, ShieldCheck, User } from 'lucide-react'
import { useLocation } from 'wouter'
import { can } from '../../../shared/policy'
import type { Me } from '../../../shared/schemas/users'
import { stepQueue } from '../../entities/delivery/step-queue'
import { confirmationQueue } from '../../entities/order/pickup-queue'
import { authApi } from '../../features/auth/api'
import { NotificationBell } from '../../features/notifications/NotificationBell'
import { useSendQueued } from '../../lib/offline-queue'
import { dashboardPath } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { Avatar, displayName } from '../ui/Avatar'
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu'

/**
 * The bell and the user menu of a signed-in user: its own chunk, so a visitor's first page does not
 * download the menu and popover code (docs/decisions/0032-web-performance.md).
 */
export function SignedInArea({ user }: { user: Me }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const name = displayName(user, t('common.user'))
  // Pickups confirmed and run steps done at a door without data go out whichever page the donor
  // or volunteer opens next (docs/decisions/0047-pickup-codes.md, 0071-volunteer-runs.md).
  useSendQueued(confirmationQueue, user.id)
  useSendQueued(stepQueue, user.id)

  async function signOut() {
    await authApi.signOut().catch(() => {})
    // A fresh load of / (replacing this entry): no page, cache or stream of the old session survives.
    window.location.replace('/')
  }

  return (
    <div className="flex items-center gap-1">
      <NotificationBell me={user} />
      <Menu
        label={t('common.userMenu', { name })}
        trigger={
          <>
            <Avatar name={name} url={user.avatarUrl} size={32} />
            <span
              className="hidden max-w-32 truncate text-sm font-medium text-gray-800 md:inline"
              data-user-content
            >
              {name}
            </span>
          </>
        }
        triggerClassName="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full p-1 hover:bg-gray-100 md:pr-2"
        menuClassName="z-50 min-w-52"
        sideOffset={6}
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-gray-900" data-user-content>
            {name}
          </p>
          <p className="truncate text-xs text-gray-500">{user.email}</p>
        </div>
        <MenuSeparator />
        <MenuItem icon={User} onSelect={() => navigate('/profile')}>
          {t('common.viewProfile')}
        </MenuItem>
        {can(user, 'moderator.view') ? (
          <MenuItem icon={ShieldCheck} onSelect={() => navigate('/moderation')}>
            {t('common.moderation')}
          </MenuItem>
        ) : (
          <MenuItem icon={LayoutDashboard} onSelect={() => navigate(dashboardPath(user.role))}>
            {t('common.goToDashboard')}
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem icon={LogOut} onSelect={() => void signOut()}>
          {t('common.signOut')}
        </MenuItem>
      </Menu>
    </div>
  )
}
