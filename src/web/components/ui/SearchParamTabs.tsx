import { Tabs } from 'radix-ui'
import type { ReactNode } from 'react'
import { useSearchParams } from 'wouter'

/**
 * Tabs whose open tab is kept in ?tab= (a reload or a shared link opens the same one); without one,
 * `initial` or else the first tab is open.
 */
export function SearchParamTabs<T extends string>({
  label,
  tabs,
  initial,
}: {
  label: string
  tabs: { value: T; label: string; content: ReactNode }[]
  initial?: T
}) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const value = tabs.some((t) => t.value === requested) ? (requested as T) : (initial ?? tabs[0]!.value)
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) =>
        setParams(
          (current) => {
            const search = new URLSearchParams(current)
            search.set('tab', next)
            return search
          },
          { replace: true },
        )
      }
    >
      {/* The tabs wrap onto a second line rather than clip a long Sinhala or Tamil label. */}
      <Tabs.List aria-label={label} className="mb-6 flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="min-h-11 flex-auto rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
