import type { AppConfig } from '../../config'

/**
 * The development mailbox: in demo mode without SMTP the outbox is readable at /dev/mailbox so a
 * local user can open a reset link. Demo mode only listens on loopback (docs/decisions/0002-modes.md);
 * the route also checks the connection itself, in case a proxy on this machine forwards to it.
 */
export function devMailboxEnabled(config: AppConfig): boolean {
  return config.demo && !config.smtpUrl
}
