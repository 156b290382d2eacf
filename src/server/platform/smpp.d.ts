/** The part of smpp 0.5 (no bundled types) the SMS gateway and the tests' SMSC use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events'
  import type { Server as NetServer } from 'node:net'

  export type PduFields = Record<string, unknown>
  export type Pdu = PduFields & {
    command: string
    command_status: number
    sequence_number: number
    response(fields?: PduFields): Pdu
  }

  export class Session extends EventEmitter {
    socket: import('node:net').Socket
    send(pdu: Pdu, onResponse?: (pdu: Pdu) => void): boolean
    bind_transceiver(fields: PduFields, onResponse?: (pdu: Pdu) => void): boolean
    submit_sm(fields: PduFields, onResponse?: (pdu: Pdu) => void): boolean
    deliver_sm(fields: PduFields, onResponse?: (pdu: Pdu) => void): boolean
    enquire_link(fields?: PduFields, onResponse?: (pdu: Pdu) => void): boolean
    unbind(fields?: PduFields, onResponse?: (pdu: Pdu) => void): boolean
    pause(): void
    resume(): void
    close(callback?: () => void): void
    destroy(callback?: () => void): void
  }

  export type Server = NetServer & { sessions: Session[] }

  export function connect(options: {
    url?: string
    host?: string
    port?: number
    auto_enquire_link_period?: number
    connectTimeout?: number
  }): Session
  export function createServer(options: object, listener: (session: Session) => void): Server

  /** The CommonJS module as a whole: its constants are set in loops no ES import can name. */
  const smpp: {
    connect: typeof connect
    createServer: typeof createServer
    ESME_ROK: number
    ESME_RBINDFAIL: number
    ESME_RSYSERR: number
    ESM_CLASS: { UDH_INDICATOR: number; MC_DELIVERY_RECEIPT: number }
  }
  export default smpp
}
