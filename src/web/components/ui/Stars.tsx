import { Star } from 'lucide-react'

export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-4 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-gray-300'}`}
          aria-hidden
        />
      ))}
    </span>
  )
}
