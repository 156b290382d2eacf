import * as compat from 'preact/compat'
import { useState } from 'preact/hooks'

/**
 * What `react` and `react-dom` mean in the browser build (vite.config.ts): preact/compat, with a
 * useId that never repeats (docs/decisions/0040-preact-and-a-small-router.md). Preact derives its
 * ids from the tree, and a field that mounts later inside a dialog's portal got the id of a field
 * outside it, so its label named the wrong control. Nothing is rendered on the server, so a counter
 * is enough. JavaScript, not TypeScript: preact/compat's types are one `export =`, which a
 * TypeScript `export *` cannot re-export; the app's code is typed against @types/react.
 */
export * from 'preact/compat'

/**
 * The last id handed out, kept under a registered symbol: the dev server inlines this module into
 * its pre-bundled libraries as well, and both copies must count together.
 */
const LAST_ID = Symbol.for('ahara.lastId')

/** @returns {string} */
export function useId() {
  const [id] = useState(() => {
    const next = (globalThis[LAST_ID] ?? 0) + 1
    globalThis[LAST_ID] = next
    return `a${next.toString(36)}`
  })
  return id
}

export default { ...compat, useId }
