import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../lib/document-title'

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string
  subtitle?: string
  actions?: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      {/* Tamil and Sinhala titles can be one long word: smaller on phones, and wrapped if still too long. */}
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-2 max-w-3xl text-gray-600">{subtitle}</p>}
      </div>
      {actions}
    </div>
  )
}

export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto px-4 py-8 ${narrow ? 'max-w-3xl' : 'max-w-7xl'}`}>{children}</div>
}
