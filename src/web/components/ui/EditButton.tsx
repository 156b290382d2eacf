import { Pencil } from 'lucide-react'
import type { ReactNode } from 'react'

/** A button with the pencil icon before its label. */
export function EditButton({
  onClick,
  className,
  children,
}: {
  onClick: () => void
  className: string
  children: ReactNode
}) {
  return (
    <button type="button" onClick={onClick} className={className}>
      <Pencil className="size-4" aria-hidden />
      {children}
    </button>
  )
}
