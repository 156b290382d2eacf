import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** A section of the impact page under its heading (`<id>-heading`). */
export function ImpactSection({
  id,
  heading,
  children,
}: {
  id: string
  heading: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="below-fold">
      <h2 id={`${id}-heading`} className="mb-4 text-2xl font-semibold text-gray-900">
        {heading}
      </h2>
      {children}
    </section>
  )
}

export type FigureItem = { icon: LucideIcon; label: string; value: string }

/** A grid of figures; `className` sets its columns. */
export function FigureList({ figures, className }: { figures: FigureItem[]; className: string }) {
  return (
    <ul className={className}>
      {figures.map(({ icon: Icon, label, value }) => (
        <li
          key={label}
          className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
        >
          <Icon className="size-8 shrink-0 text-brand-700" aria-hidden />
          <div>
            <p className="text-2xl font-bold text-gray-900">{value}</p>
            <p className="text-sm text-gray-700">{label}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
