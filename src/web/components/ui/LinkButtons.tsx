import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** The filled look of a page's main link. */
export const linkButtonPrimary =
  'rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800'

export type LinkButton = { to: string; label: string; className: string }

/** Links styled as buttons, side by side in a row; `children` (another button) come after them. */
export function LinkButtons({
  links,
  className,
  children,
}: {
  links: LinkButton[]
  className: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      {links.map((link) => (
        <Link key={link.label} to={link.to} className={link.className}>
          {link.label}
        </Link>
      ))}
      {children}
    </div>
  )
}
