import type { ReactNode } from 'react'

/**
 * One section of the profile below a line: its title, named by `${id}-title` for the controls that
 * refer to it, then its content. `titleEnd` sits at the far end of the title's row (a switch).
 */
export function ProfileSection({
  id,
  title,
  titleEnd,
  spacing,
  children,
}: {
  id: string
  title: string
  titleEnd?: ReactNode
  /** The room between the title and the content's parts. */
  spacing: 'space-y-3' | 'space-y-4'
  children: ReactNode
}) {
  const heading = (
    <h2 id={`${id}-title`} className="min-w-0 text-lg font-semibold break-words text-gray-900">
      {title}
    </h2>
  )
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${spacing} border-t border-gray-200 p-6`}>
      {titleEnd ? (
        <div className="flex min-w-0 items-center justify-between gap-4">
          {heading}
          {titleEnd}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
