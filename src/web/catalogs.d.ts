declare module 'virtual:catalogs' {
  /** Per language, the loader of each catalog group (scripts/vite/catalogs.ts). */
  export const catalogLoaders: Record<string, Record<string, () => Promise<Record<string, unknown>>>>
}
