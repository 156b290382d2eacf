export function BulletList({ items, ordered = false }: { items: string[]; ordered?: boolean }) {
  const className = `space-y-2 pl-5 ${ordered ? 'list-decimal' : 'list-disc'}`
  const children = items.map((item, index) => <li key={index}>{item}</li>)
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>
}
