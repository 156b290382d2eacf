import type { LucideIcon } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'

/*
 * A menu of actions under a button, over Radix's DropdownMenu: arrow keys, Escape, type-ahead and focus
 * back on the button come with it. Only code that is loaded on demand imports it (the signed-in area,
 * a card's menu after its first tap), so no page's first visit downloads it
 * (docs/decisions/0032-web-performance.md).
 */

/** The button and, while open, the menu aligned to the button's end. */
export function Menu({
  label,
  trigger,
  triggerClassName,
  menuClassName,
  sideOffset,
  defaultOpen,
  children,
}: {
  /** The button's accessible name. */
  label: string
  /** What the button shows. */
  trigger: ReactNode
  triggerClassName: string
  /** The menu's z-index and width: the border, background and shadow are the menu's own. */
  menuClassName: string
  sideOffset: number
  defaultOpen?: boolean
  children: ReactNode
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={sideOffset}
          className={`${menuClassName} rounded-lg border border-gray-200 bg-white p-1 shadow-lg`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50'

/** One action of a Menu: its icon and words. */
export function MenuItem({
  icon: Icon,
  onSelect,
  className,
  children,
}: {
  icon: LucideIcon
  onSelect: () => void
  /** Added to the item's own classes (e.g. a taller touch target). */
  className?: string
  children: ReactNode
}) {
  return (
    <DropdownMenu.Item className={className ? `${itemClass} ${className}` : itemClass} onSelect={onSelect}>
      <Icon className="size-4" aria-hidden />
      {children}
    </DropdownMenu.Item>
  )
}

/** A line between groups of a Menu's items. */
export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
}
