import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

export type StatCardProps = { icon: LucideIcon; label: string; value: string }

export function StatCard({ icon: Icon, label, value }: StatCardProps) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <span className="rounded-full bg-brand-50 p-2.5 text-brand-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-gray-600">{label}</p>
        <p className="break-words text-2xl font-bold text-gray-900">{value}</p>
      </div>
    </div>
  )
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mb-6 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">{children}</div>
}
