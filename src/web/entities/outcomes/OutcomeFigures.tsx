import { CalendarClock, CheckCircle2, Clock, Hourglass, Scale, ShieldCheck } from 'lucide-react'
import type { DistrictName } from '../../../shared/districts'
import type { OutcomeFigures, Outcomes } from '../../../shared/schemas/stats'
import { StatCard } from '../../components/ui/StatCard'
import { formatDate, formatNumber } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'

type Translate = ReturnType<typeof useTranslation>['t']

/** A figure in the reader's language; a dash where there is nothing to measure yet. */
function figureText(t: Translate, key: keyof OutcomeFigures, figures: OutcomeFigures): string {
  const value = figures[key]
  if (value === null) return t('handover.outcomes.none')
  if (key === 'kgRescued') return t('handover.outcomes.kg', { value: formatNumber(value) })
  if (key === 'pickupSuccessRate' || key === 'verifiedHandoverRate' || key === 'standingShare') {
    return t('handover.outcomes.percent', { value: formatNumber(value) })
  }
  return value < 60
    ? t('handover.outcomes.minutes', { value: formatNumber(value) })
    : t('handover.outcomes.hours', { value: formatNumber(Math.round((value / 60) * 10) / 10) })
}

/** The six figures in the order they are shown, each with its icon; its label is handover.outcomes.<key>. */
const FIGURES = [
  { key: 'pickupSuccessRate', icon: CheckCircle2 },
  { key: 'verifiedHandoverRate', icon: ShieldCheck },
  { key: 'medianMinutesToFirstOrder', icon: Hourglass },
  { key: 'medianMinutesToCollect', icon: Clock },
  { key: 'kgRescued', icon: Scale },
  { key: 'standingShare', icon: CalendarClock },
] as const

/**
 * The six outcome figures (docs/decisions/0048-outcomes-not-offers.md): what was collected, how it
 * was handed over and how fast, and how much came by standing arrangements (0068); the impact page's and the donor's own.
 */
export function OutcomeCards({ figures }: { figures: OutcomeFigures }) {
  const { t } = useTranslation()
  return (
    <div
      className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
      data-outcomes
    >
      {FIGURES.map(({ key, icon }) => (
        <StatCard
          key={key}
          icon={icon}
          label={t(`handover.outcomes.${key}`)}
          value={figureText(t, key, figures)}
        />
      ))}
    </div>
  )
}

/** Where each district sits on the tile map: a square per district, roughly where it lies. */
const TILES: Record<DistrictName, [column: number, row: number]> = {
  Jaffna: [1, 0],
  Kilinochchi: [1, 1],
  Mullaitivu: [2, 1],
  Mannar: [0, 2],
  Vavuniya: [1, 2],
  Trincomalee: [3, 2],
  Anuradhapura: [1, 3],
  Polonnaruwa: [2, 3],
  Batticaloa: [3, 3],
  Puttalam: [0, 4],
  Kurunegala: [1, 4],
  Matale: [2, 4],
  Ampara: [3, 4],
  Gampaha: [0, 5],
  Kegalle: [1, 5],
  Kandy: [2, 5],
  Badulla: [3, 5],
  Colombo: [0, 6],
  Ratnapura: [1, 6],
  'Nuwara Eliya': [2, 6],
  Monaragala: [3, 6],
  Kalutara: [0, 7],
  Galle: [1, 7],
  Matara: [2, 7],
  Hambantota: [3, 7],
}

/** The shade of a pickup success rate: darker is more collected; grey is nothing to measure. */
function shade(rate: number | null): string {
  if (rate === null) return 'bg-gray-100 text-gray-600'
  if (rate >= 90) return 'bg-brand-800 text-white'
  if (rate >= 75) return 'bg-brand-600 text-white'
  if (rate >= 50) return 'bg-brand-300 text-gray-900'
  return 'bg-amber-200 text-gray-900'
}

/**
 * Sri Lanka's 25 districts as squares, shaded by the share of pickups collected: drawn by the page
 * itself, no map tiles from the internet. Each square names its district and figure for screen
 * readers; the table below it gives all five figures.
 */
export function DistrictTileMap({ byDistrict }: { byDistrict: Outcomes['byDistrict'] }) {
  const { t } = useTranslation()
  return (
    <div>
      <ul className="mx-auto grid max-w-md grid-cols-4 gap-1" aria-label={t('handover.outcomes.mapLabel')}>
        {byDistrict.map((d) => {
          const [column, row] = TILES[d.district]
          const name = districtName(t, d.district)
          const rate = figureText(t, 'pickupSuccessRate', d)
          return (
            <li
              key={d.district}
              style={{ gridColumnStart: column + 1, gridRowStart: row + 1 }}
              className={`flex aspect-square min-w-0 flex-col items-center justify-center rounded p-0.5 text-center ${shade(d.pickupSuccessRate)}`}
              aria-label={t('handover.outcomes.tile', { district: name, value: rate })}
              data-district={d.district}
            >
              {/* Long Sinhala and Tamil names break onto a second line rather than lose their end. */}
              <span
                aria-hidden
                className="line-clamp-2 w-full text-[10px] leading-tight [overflow-wrap:anywhere]"
              >
                {name}
              </span>
              <span aria-hidden className="text-sm font-bold">
                {rate}
              </span>
            </li>
          )
        })}
      </ul>
      <p className="mt-2 text-center text-xs text-gray-600">{t('handover.outcomes.mapNote')}</p>
    </div>
  )
}

/** The five figures per row (a month or a district), scrolling sideways on a phone. */
export function OutcomeTable({
  caption,
  rows,
}: {
  caption: string
  rows: { label: string; figures: OutcomeFigures }[]
}) {
  const { t } = useTranslation()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {caption}
            </th>
            {FIGURES.map(({ key }) => (
              <th key={key} scope="col" className="py-2 pr-3 font-semibold">
                {t(`handover.outcomes.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-gray-100">
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                {row.label}
              </th>
              {FIGURES.map(({ key }) => (
                <td key={key} className="py-2 pr-3 whitespace-nowrap">
                  {figureText(t, key, row.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** 'YYYY-MM' as the reader's month and year. */
export const outcomeMonth = (month: string) =>
  formatDate(`${month}-15T00:00:00Z`, { month: 'short', year: 'numeric' })
