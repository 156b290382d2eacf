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

let lastId = 0

/** @returns {string} */
export function useId() {
  const [id] = useState(() => {
    lastId += 1
    return `a${lastId.toString(36)}`
  })
  return id
}

export default { ...compat, useId }
