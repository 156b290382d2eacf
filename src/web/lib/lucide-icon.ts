import type { ReactNode, SVGProps } from 'react'
import { createElement } from 'react'

type IconNode = [tag: string, attributes: Record<string, string>][]

/** What each of lucide-react's icon modules passes to its `createLucideIcon`. */
export interface LucideIconData {
  name: string
  node: IconNode
  aliases?: string[]
}

export interface LightIconProps extends SVGProps<SVGSVGElement> {
  size?: number | string
  children?: ReactNode
}

const A11Y_PROP = /^(aria-|role$|title$)/

/**
 * Stands in for lucide-react's `createLucideIcon` in the browser build (scripts/vite/light-icons.ts):
 * the same svg, from one plain function component instead of two forwardRefs, a context read and
 * the merging of default attributes on every render. A listing card shows about eight icons, and
 * that work was a measurable part of Find Food's first render (docs/decisions/0041-first-visit-main-thread.md).
 * Icons take no ref here; none in the app needs one.
 */
export default function createLucideIcon(icon: LucideIconData) {
  const iconClass = [
    'lucide',
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(' ')
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon, when lucide's icon module loads, as lucide's own factory does
  function LightIcon({
    className,
    size = 24,
    strokeWidth = 2,
    color = 'currentColor',
    children,
    ...rest
  }: LightIconProps) {
    const labelled =
      children != null ||
      Object.keys(rest).some((prop) => A11Y_PROP.test(prop) && rest[prop as keyof typeof rest] != null)
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: color,
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${iconClass} ${className}` : iconClass,
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    )
  }
  return LightIcon
}
