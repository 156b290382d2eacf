import { useSyncExternalStore } from 'react'

// Whether the page shows stored data because the network failed, and since when that data is
// (docs/decisions/0033-offline-pwa.md). api.ts reports every API answer here.

type OfflineState = {
  /** navigator.onLine: false means certainly offline; true may still mean no working network. */
  online: boolean
  /** When the oldest stored answer now shown was fetched; null while everything came from the network. */
  showingDataOf: Date | null
}

let state: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  showingDataOf: null,
}
const listeners = new Set<() => void>()

function update(next: Partial<OfflineState>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update({ online: true }))
  window.addEventListener('offline', () => update({ online: false }))
}

/** An API answer the service worker served from its cache, fetched at `fetchedAt`. */
export function reportStoredAnswer(fetchedAt: Date) {
  if (Number.isNaN(fetchedAt.getTime())) return
  if (state.showingDataOf && state.showingDataOf <= fetchedAt) return
  update({ showingDataOf: fetchedAt })
}

/** An answer from the network: the connection works, and the page refetches what it shows. */
export function reportNetworkAnswer() {
  if (state.showingDataOf !== null) update({ showingDataOf: null })
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
