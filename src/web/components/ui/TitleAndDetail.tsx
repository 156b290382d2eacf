import type { ReactNode } from 'react'

/** A user-written title or name (marked data-user-content) over a line of detail. */
export function TitleAndDetail({
  title,
  detail,
  className = 'min-w-0',
  titleClassName,
  detailClassName,
}: {
  title: string
  detail: ReactNode
  className?: string
  titleClassName: string
  detailClassName: string
}) {
  return (
    <div className={className}>
      <p className={titleClassName} data-user-content>
        {title}
      </p>
      <p className={detailClassName}>{detail}</p>
    </div>
  )
}
