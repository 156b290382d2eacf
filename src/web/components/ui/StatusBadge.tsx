import { useTranslation } from '../../lib/translation'

type StatusKind = 'order' | 'delivery' | 'listing'

/** Spec part 2 section 4: pending yellow, confirmed/assigned blue, in-progress purple, completed green, cancelled red; listings available green, claimed blue, completed gray, expired red. */
const STATUS_COLOURS: Record<StatusKind, Record<string, string>> = {
  order: {
    pending: 'bg-yellow-100 text-yellow-900',
    confirmed: 'bg-blue-100 text-blue-900',
    completed: 'bg-green-100 text-green-900',
    cancelled: 'bg-red-100 text-red-900',
    declined: 'bg-red-100 text-red-900',
    'not-collected': 'bg-red-100 text-red-900',
  },
  delivery: {
    pending: 'bg-yellow-100 text-yellow-900',
    assigned: 'bg-blue-100 text-blue-900',
    'in-progress': 'bg-purple-100 text-purple-900',
    completed: 'bg-green-100 text-green-900',
    cancelled: 'bg-red-100 text-red-900',
  },
  listing: {
    available: 'bg-green-100 text-green-900',
    claimed: 'bg-blue-100 text-blue-900',
    completed: 'bg-gray-200 text-gray-800',
    expired: 'bg-red-100 text-red-900',
  },
}

export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation()
  return (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[kind][status] ?? 'bg-gray-100 text-gray-800'}`}
    >
      {t(`statuses.${kind}.${status}`)}
    </span>
  )
}
