/**
 * Lucide's icons as one path each, for the build (scripts/vite/light-icons.ts): the same strokes in
 * one element instead of three to five. Find Food's icons were half of its elements, each one styled
 * and laid out on a first visit (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */

export type IconNode = [tag: string, attributes: Record<string, string>][]

const GEOMETRY: Record<string, string[]> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
}

/** A shape of lucide's as path data, drawn the same (`undefined`: it has paint of its own, e.g. a fill). */
export function shapeAsPath(tag: string, attributes: Record<string, string>): string | undefined {
  const geometry = GEOMETRY[tag]
  if (!geometry || Object.keys(attributes).some((name) => name !== 'key' && !geometry.includes(name)))
    return undefined
  const n = (name: string) => Number(attributes[name] ?? 0)
  const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
    `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0z`
  switch (tag) {
    case 'path':
      // A path's first moveto is absolute even when written `m`; after another shape it would not be.
      return /^\s*m/.test(attributes.d ?? '') ? `M0 0${attributes.d}` : attributes.d
    case 'circle':
      return ellipse(n('cx'), n('cy'), n('r'), n('r'))
    case 'ellipse':
      return ellipse(n('cx'), n('cy'), n('rx'), n('ry'))
    case 'line':
      return `M${n('x1')} ${n('y1')}L${n('x2')} ${n('y2')}`
    case 'rect': {
      const [x, y, width, height] = [n('x'), n('y'), n('width'), n('height')]
      // SVG's rules: a missing radius takes the other's, and neither exceeds half the side.
      const rx = Math.min(Number(attributes.rx ?? attributes.ry ?? 0), width / 2)
      const ry = Math.min(Number(attributes.ry ?? attributes.rx ?? 0), height / 2)
      if (rx <= 0 || ry <= 0) return `M${x} ${y}h${width}v${height}h${-width}z`
      const corner = (dx: number, dy: number) => `a${rx} ${ry} 0 0 1 ${dx} ${dy}`
      return `M${x + rx} ${y}h${width - 2 * rx}${corner(rx, ry)}v${height - 2 * ry}${corner(-rx, ry)}h${2 * rx - width}${corner(-rx, -ry)}v${2 * ry - height}${corner(rx, -ry)}z`
    }
    default: {
      const points = (attributes.points ?? '').trim().split(/[\s,]+/)
      const pairs = points.flatMap((value, index) => (index % 2 ? [] : [`${value} ${points[index + 1]}`]))
      return `M${pairs.join('L')}${tag === 'polygon' ? 'z' : ''}`
    }
  }
}

/**
 * The icon's shapes as one path where they have no paint of their own: lucide's strokes are one
 * colour, round-capped and round-joined, so the joined path draws the same.
 */
export function mergedNode(node: IconNode): IconNode {
  const paths: string[] = []
  const others: IconNode = []
  for (const [tag, attributes] of node) {
    const path = shapeAsPath(tag, attributes)
    if (path === undefined) others.push([tag, attributes])
    else paths.push(path)
  }
  if (paths.length < 2) return node
  return [['path', { d: paths.join(''), key: 'merged' }], ...others]
}
