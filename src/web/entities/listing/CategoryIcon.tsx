import {
  Carrot,
  CookingPot,
  Croissant,
  CupSoda,
  type LucideIcon,
  Milk,
  Package,
  Sandwich,
  Soup,
  UtensilsCrossed,
} from 'lucide-react'

/** The lucide icons named by the categories table (reference-data FOOD_CATEGORIES). */
const ICONS: Record<string, LucideIcon> = {
  CookingPot,
  Soup,
  Croissant,
  Carrot,
  Milk,
  CupSoda,
  Package,
  Sandwich,
}

export function CategoryIcon({
  icon,
  className = 'size-4',
}: {
  icon: string | undefined
  className?: string
}) {
  const Icon = (icon && ICONS[icon]) || UtensilsCrossed
  return <Icon className={className} aria-hidden />
}
