import type { ReactNode } from 'react'

/**
 * A translated sentence with user-supplied values (names, addresses) in it: each value is rendered in
 * a span marked data-user-content, so checks for untranslated text (e2e/i18n-routes.spec.ts) skip it.
 * `translate` receives placeholders to pass to t() in place of the values:
 * `withUserContent((v) => t('dashboards.greeting', { name: v.name }), { name: me.name })`.
 */
export function withUserContent<K extends string>(
  translate: (slots: Record<K, string>) => string,
  values: Record<K, string>,
): ReactNode[] {
  const names = Object.keys(values) as K[]
  const slots = Object.fromEntries(names.map((name) => [name, `⟦${name}⟧`])) as Record<K, string>
  const byslot = new Map(names.map((name) => [slots[name], values[name]]))
  return translate(slots)
    .split(/(⟦\w+⟧)/)
    .map((part, i) => {
      const value = byslot.get(part)
      return value === undefined ? (
        part
      ) : (
        <span key={i} data-user-content>
          {value}
        </span>
      )
    })
}
