import type { Impact } from '../../../shared/schemas/stats'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { usePhoneWidth } from '../../lib/use-phone-width'

/**
 * The drawing's width in its own units. It is drawn at about its size on screen, so that 12-unit
 * labels stay 12 px: a phone gets a narrower drawing instead of a wide one shrunk to half.
 */
const WIDTH = { wide: 640, phone: 300 }
const HEIGHT = 240
const PLOT = { left: 52, right: 12, top: 12, bottom: 28 }
const TICKS = 4

const SERIES = [
  { key: 'meals', label: 'impact.growth.meals', colour: '#15803d', dash: undefined },
  { key: 'wasteKg', label: 'impact.growth.waste', colour: '#b45309', dash: '6 4' },
] as const

/** A round top for the y axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function niceMaximum(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10
  return step * power
}

/**
 * The 'Growth Over Time' line chart in plain SVG: a few hundred bytes instead of a chart library
 * (docs/decisions/0032-web-performance.md). The picture is decorative for screen readers: the table
 * beside it (GrowthSection) carries the same figures.
 */
export function GrowthChart({
  data,
  monthLabel,
}: {
  data: Impact['growth']
  monthLabel: (month: string) => string
}) {
  const { t } = useTranslation()
  const phone = usePhoneWidth()
  const width = phone ? WIDTH.phone : WIDTH.wide
  const maximum = niceMaximum(Math.max(0, ...data.flatMap((d) => [d.meals, d.wasteKg])))
  const plotWidth = width - PLOT.left - PLOT.right
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom
  const x = (index: number) =>
    PLOT.left + (data.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (data.length - 1))
  const y = (value: number) => PLOT.top + plotHeight - (value / maximum) * plotHeight
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => (maximum * i) / TICKS)
  // At most about six month labels (four on a phone), so they never overlap.
  const labelEvery = Math.max(1, Math.ceil(data.length / (phone ? 4 : 6)))

  return (
    <figure className="flex h-full flex-col">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="min-h-0 w-full flex-1" aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PLOT.left}
              x2={width - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#e5e7eb"
              strokeDasharray="3 3"
            />
            <text
              x={PLOT.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="12"
              fill="#4b5563"
            >
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {data.map((d, index) =>
          index % labelEvery === 0 ? (
            <text key={d.month} x={x(index)} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="#4b5563">
              {monthLabel(d.month)}
            </text>
          ) : null,
        )}
        {SERIES.map((series) => (
          <path
            key={series.key}
            data-series={series.key}
            d={data.map((d, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(d[series.key])}`).join(' ')}
            fill="none"
            stroke={series.colour}
            strokeWidth="2.5"
            strokeDasharray={series.dash}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap justify-center gap-4 pt-2 text-sm text-gray-700">
        {SERIES.map((series) => (
          <span key={series.key} className="inline-flex items-center gap-2">
            <svg width="24" height="4" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="2"
                y2="2"
                stroke={series.colour}
                strokeWidth="3"
                strokeDasharray={series.dash}
              />
            </svg>
            {t(series.label)}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
