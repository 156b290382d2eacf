import { Fragment, type ReactNode } from 'react'

/**
 * A catalog text whose `<name>…</name>` parts are rendered by `parts[name]` with their text:
 * "I agree to the <terms>Terms of Service</terms>" with `terms: (text) => <Link to="/terms">{text}</Link>`.
 * Each language keeps its own word order around the parts. Tags do not nest; a name not given stays
 * plain text.
 */
export function TextWithLinks({
  text,
  parts,
}: {
  text: string
  parts: Record<string, (text: string) => ReactNode>
}) {
  const pieces: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const [whole, name, inner] = match as unknown as [string, string, string]
    const render = parts[name]
    pieces.push(
      text.slice(last, match.index),
      <Fragment key={match.index}>{render ? render(inner) : inner}</Fragment>,
    )
    last = match.index + whole.length
  }
  pieces.push(text.slice(last))
  return <>{pieces}</>
}
