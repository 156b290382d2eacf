import {
  Award,
  Clock,
  Crown,
  Gift,
  HandHeart,
  type LucideIcon,
  ShieldCheck,
  Trophy,
  Truck,
} from 'lucide-react'
import { Empty } from '../../components/ui/Panel'
import { useTranslation } from '../../lib/translation'

const BADGE_ICONS: Record<string, LucideIcon> = {
  Gift,
  HandHeart,
  Trophy,
  ShieldCheck,
  Truck,
  Clock,
  Award,
  Crown,
}

/** A badge: icon and name; the description shows as a tooltip and is read by screen readers. */
export function BadgeChip({ id, icon }: { id: string; icon: string }) {
  const { t } = useTranslation()
  const Icon = BADGE_ICONS[icon] ?? Award
  const description = t(`badges.${id}.description`)
  return (
    <li
      title={description}
      className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <Icon className="size-3.5" aria-hidden />
      <span>{t(`badges.${id}.name`)}</span>
      <span className="sr-only">: {description}</span>
    </li>
  )
}

export function BadgeList({ badges, empty }: { badges: { id: string; icon: string }[]; empty: string }) {
  if (badges.length === 0) return <Empty>{empty}</Empty>
  return (
    <ul className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <BadgeChip key={b.id} id={b.id} icon={b.icon} />
      ))}
    </ul>
  )
}
