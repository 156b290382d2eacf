import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * A part of a page labelled by its heading (`headingId`): the heading, which may start with an icon,
 * with what belongs beside it (a count, a link to all of it) on the same row, then the content.
 */
export function Section({
  id,
  headingId,
  title,
  className,
  headingClassName = 'text-lg font-semibold text-gray-900',
  icon: Icon,
  beside,
  children,
}: {
  /** The section's own id, where a link leads to it. */
  id?: string
  headingId: string
  title: string
  className?: string
  headingClassName?: string
  icon?: LucideIcon
  beside?: ReactNode
  children: ReactNode
}) {
  const heading = (
    <h2 id={headingId} className={Icon ? `flex items-center gap-2 ${headingClassName}` : headingClassName}>
      {Icon && <Icon className="size-6 text-brand-700" aria-hidden />}
      {title}
    </h2>
  )
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      {beside ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {beside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
