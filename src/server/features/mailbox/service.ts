/** The mailbox feature's public surface: other features import only this file. */
export { devMailboxEnabled } from './dev-mailbox'
