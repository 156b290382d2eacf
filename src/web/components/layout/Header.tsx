import { Menu, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useTranslation } from '../../lib/translation'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Logo } from './Logo'
import { isCurrentPage, NAV_LINKS } from './nav-links'
import { UserArea } from './UserArea'

/**
 * A link of the main navigation, marked as the current page on its own path and on the pages below
 * it (home only on itself).
 */
function NavLink({ to, onClick, children }: { to: string; onClick?: () => void; children: ReactNode }) {
  const [pathname] = useLocation()
  const isActive = isCurrentPage(pathname, to)
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={isActive ? 'page' : undefined}
      className={`flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100'}`}
    >
      {children}
    </Link>
  )
}

export function Header() {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-1 px-3 sm:gap-2 sm:px-4">
        {/* The logo alone may shrink, yet at 360 px the brand fits whole in every language beside the
            controls: a tighter row and smaller type below sm (e2e/phone-360.spec.ts measures it). */}
        <Link
          to="/"
          className="flex min-h-11 min-w-0 items-center gap-1.5 sm:gap-2"
          aria-label={t('common.nav.homeLabel')}
        >
          <Logo />
        </Link>
        <nav aria-label={t('common.nav.main')} className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          <UserArea />
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('common.nav.main')}
          className="border-t border-gray-200 px-4 pb-4 lg:hidden"
        >
          <ul className="flex flex-col gap-1 pt-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={() => setMenuOpen(false)}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  )
}
