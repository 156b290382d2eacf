import type { ReactNode } from 'react'

/**
 * A tab of the community page: its heading (`<id>-heading`) with an action beside it, then the
 * content. `filtersBelow` brings the content closer, for a row of filters under the heading.
 */
export function TabSection({
  id,
  heading,
  action,
  filtersBelow = false,
  children,
}: {
  id: string
  heading: string
  action: ReactNode
  filtersBelow?: boolean
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className={`${filtersBelow ? 'mb-4' : 'mb-6'} flex flex-wrap items-center justify-between gap-3`}>
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-gray-900">
          {heading}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
