import { Search } from 'lucide-react'
import { useId } from 'react'
import { inputClass } from './form'

/**
 * A search input with its magnifier and a label for screen readers; Enter calls `onEnter` where a
 * search runs only when asked. `large`: the page's one main control (the help centre's).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onEnter,
  large = false,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  onEnter?: () => void
  large?: boolean
}) {
  const id = useId()
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className={`pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-500 ${large ? 'size-5' : 'size-4'}`}
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter?.()
        }}
        placeholder={placeholder}
        className={
          large
            ? 'w-full rounded-lg border border-gray-300 py-3 pl-10 pr-3 text-base focus-visible:border-brand-700'
            : `${inputClass} mt-0 pl-9`
        }
      />
    </div>
  )
}
