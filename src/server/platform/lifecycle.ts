/**
 * Whether this instance is shutting down. main.ts drains on SIGTERM: readiness answers 503 from then
 * on, so a load balancer sends new requests elsewhere while the ones in flight finish.
 */
export type Lifecycle = { readonly draining: boolean; drain(): void }

export function createLifecycle(): Lifecycle {
  let draining = false
  return {
    get draining() {
      return draining
    },
    drain() {
      draining = true
    },
  }
}
