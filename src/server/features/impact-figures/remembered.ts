import type { Database } from '../../db/client'

/**
 * `compute` remembered per database for `ttlMs`: an instance computes it at most once per period and
 * the visits of that period share the answer, also while it is being computed. Nothing is shared
 * between instances, so with several instances a figure is at most `ttlMs` old on each of them
 * (docs/decisions/0036-listings-at-national-scale.md). A failure is not remembered.
 */
export function rememberedFor<T>(ttlMs: number, compute: (db: Database, now: Date) => Promise<T>) {
  const entries = new WeakMap<Database, { at: number; value: Promise<T> }>()
  return (db: Database, now: Date): Promise<T> => {
    const at = now.getTime()
    const entry = entries.get(db)
    if (entry && at >= entry.at && at - entry.at < ttlMs) return entry.value
    const value = compute(db, now)
    entries.set(db, { at, value })
    value.catch(() => {
      if (entries.get(db)?.value === value) entries.delete(db)
    })
    return value
  }
}
