import { Tabs } from 'radix-ui'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'

/** Tabs whose open tab is kept in ?tab= (a reload or a shared link opens the same one). */
export function SearchParamTabs<T extends string>({
  label,
  tabs,
}: {
  label: string
  tabs: { value: T; label: string; content: ReactNode }[]
}) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const value = tabs.some((t) => t.value === requested) ? (requested as T) : tabs[0]!.value
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
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <Tabs.List aria-label={label} className="mb-6 flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow"
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
