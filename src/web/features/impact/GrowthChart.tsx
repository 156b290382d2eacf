import { useTranslation } from 'react-i18next'
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Impact } from '../../../shared/schemas/stats'
import { formatNumber } from '../../lib/format'

/** The 'Growth Over Time' line chart; its own chunk, so only the impact page downloads Recharts. */
export default function GrowthChart({
  data,
  monthLabel,
}: {
  data: Impact['growth']
  monthLabel: (month: string) => string
}) {
  const { t } = useTranslation()
  const rows = data.map((d) => ({ ...d, label: monthLabel(d.month) }))
  const lines = [
    { dataKey: 'meals', name: t('impact.growth.meals'), stroke: '#15803d' },
    { dataKey: 'wasteKg', name: t('impact.growth.waste'), stroke: '#b45309' },
  ]
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 10, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatNumber(v)} width={48} />
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Legend />
        {lines.map((line) => (
          <Line key={line.dataKey} type="monotone" {...line} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
