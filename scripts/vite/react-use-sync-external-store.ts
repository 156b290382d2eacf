/**
 * What wouter's `use-sync-external-store/shim` import means in the build: React's own hook. The shim
 * exists for React 17 and older, and its fallback code would travel on every first visit
 * (vite.config.ts, docs/decisions/0043-react-and-wouter.md).
 */
export { useSyncExternalStore } from 'react'
