import type { LucideIcon } from 'lucide-react'

const LOOKS = {
  card: {
    item: 'rounded-lg bg-white p-5 text-center shadow-sm',
    badge: 'mx-auto flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800',
    icon: 'size-6',
    title: 'mt-3 font-semibold text-gray-900',
  },
  row: {
    item: 'flex gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm',
    badge: 'flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700',
    icon: 'size-5',
    title: 'font-semibold text-gray-900',
  },
}

/** One step of a how-it-works list: its icon, then "<number>. <title>" and a line of text. */
export function NumberedStep({
  look,
  icon: Icon,
  number,
  title,
  text,
}: {
  /** `card`: centred under the icon; `row`: beside it. */
  look: keyof typeof LOOKS
  icon: LucideIcon
  number: number
  title: string
  text: string
}) {
  const classes = LOOKS[look]
  const words = (
    <>
      <h3 className={classes.title}>
        {number}. {title}
      </h3>
      <p className="mt-1 text-sm text-gray-700">{text}</p>
    </>
  )
  return (
    <li className={classes.item}>
      <span className={classes.badge}>
        <Icon className={classes.icon} aria-hidden />
      </span>
      {look === 'row' ? <div className="min-w-0">{words}</div> : words}
    </li>
  )
}
