import type { ReactNode } from 'react'
import { formatDate } from '../../lib/format'

/** A time of day on the 24-hour clock of Sri Lankan notices, in the reader's locale ("18:00"). */
export function timeOfDay(hour: number): string {
  // A clock reading, not an instant: built and shown in UTC so no time zone moves it.
  return formatDate(new Date(Date.UTC(2000, 0, 1, hour)), {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })
}

/** A grey box of the aside under its heading (`<id>-title`). */
export function SupportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg bg-gray-50 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <div className="mt-0.5 break-words text-sm text-gray-700">{children}</div>
      </div>
    </div>
  )
}
