/**
 * The SMSC over SMPP 3.4 (docs/decisions/0051-sms-over-smpp.md): one transceiver bind per instance,
 * kept alive with enquire_link and bound again with back-off after a drop; submits throttled to the
 * SMSC's rate, long texts in concatenated parts; the SMSC's deliver_sm are replies from phones or
 * delivery receipts. A send that cannot complete throws: the job queue tries it again. Numbers are
 * never logged.
 */
import { randomInt } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import smpp, { type Pdu, type Session } from 'smpp'
import { smsSegments } from '../../shared/sms'
import type { SmsConfig } from '../config/sms'

/**
 * A text from a phone. `fromType` is the sender's type of address (SMPP TON): only an international
 * (1) or national (2) number may be matched to an account (docs/decisions/0060-phone-numbers.md).
 */
export type IncomingSms = { from: string; fromType: 'international' | 'national' | 'other'; text: string }
export type DeliveryReceipt = { smscId: string; delivered: boolean }

export type SmsGateway = {
  /** Submits `text` to `to` (94…); answers the SMSC's id of each part. */
  send(to: string, text: string): Promise<string[]>
  onIncoming(handler: (sms: IncomingSms) => Promise<void>): void
  onReceipt(handler: (receipt: DeliveryReceipt) => Promise<void>): void
  close(): Promise<void>
}

const TYPES_OF_ADDRESS: Record<number, IncomingSms['fromType']> = { 1: 'international', 2: 'national' }

type Log = {
  info(obj: unknown, msg: string): void
  warn(obj: unknown, msg: string): void
  error(obj: unknown, msg: string): void
}

/** A try waits this long for the bind and for each submit_sm_resp, well within the job's expiry. */
const ANSWER_MS = 15_000
const ENQUIRE_LINK_MS = 30_000
const BACKOFF_MS = { first: 1_000, max: 60_000 }

/** Alphanumeric sender ids go as TON 5; numbers as international (1), like the destination. */
function sourceAddress(from: string) {
  const numeric = /^\+?\d+$/.test(from)
  return {
    source_addr: numeric ? from.replace(/^\+/, '') : from,
    source_addr_ton: numeric ? 1 : 5,
    source_addr_npi: numeric ? 1 : 0,
  }
}

/** `id:abc sub:001 dlvrd:001 … stat:DELIVRD …`, the receipt text of SMPP 3.4 appendix B. */
function receiptOf(pdu: Pdu): DeliveryReceipt | null {
  const message = (pdu.short_message as { message?: unknown } | undefined)?.message
  const text =
    typeof message === 'string' ? message : Buffer.isBuffer(message) ? message.toString('latin1') : ''
  const id = (pdu.receipted_message_id as string | undefined) ?? /\bid:(\S+)/i.exec(text)?.[1]
  if (!id) return null
  const state = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase()
  const stateTlv = pdu.message_state as number | undefined
  return { smscId: id, delivered: state === 'DELIVRD' || stateTlv === 2 }
}

export function createSmsGateway(config: SmsConfig, log: Log): SmsGateway {
  const url = new URL(config.url)
  const credentials = {
    system_id: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  }
  let session: Session | undefined
  let bound = false
  let closed = false
  let failures = 0
  let waiters: { resolve(): void; reject(error: Error): void }[] = []
  /** Submits in flight: a dropped connection fails them at once rather than at their timeout. */
  const inFlight = new Set<(error: Error) => void>()
  let incoming: (sms: IncomingSms) => Promise<void> = async () => {}
  let receipts: (receipt: DeliveryReceipt) => Promise<void> = async () => {}
  /** The earliest time the next part may go: SMS_PER_SECOND spaced evenly. */
  let nextSlot = 0

  function connect() {
    if (closed) return
    const current = smpp.connect({
      host: url.hostname,
      port: Number(url.port),
      auto_enquire_link_period: ENQUIRE_LINK_MS,
    })
    session = current
    current.on('connect', () => {
      current.bind_transceiver({ ...credentials, interface_version: 0x34 }, (pdu) => {
        if (pdu.command_status !== smpp.ESME_ROK) {
          log.error({ status: pdu.command_status }, 'the SMSC refused the bind')
          current.destroy()
          return
        }
        bound = true
        failures = 0
        log.info({ host: url.hostname }, 'bound to the SMSC')
        for (const waiter of waiters) waiter.resolve()
        waiters = []
      })
    })
    current.on('deliver_sm', (pdu: Pdu) => {
      current.send(pdu.response())
      const isReceipt = ((pdu.esm_class as number) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) !== 0
      const work = isReceipt
        ? (() => {
            const receipt = receiptOf(pdu)
            return receipt ? receipts(receipt) : Promise.resolve()
          })()
        : incoming({
            from: String(pdu.source_addr),
            fromType: TYPES_OF_ADDRESS[Number(pdu.source_addr_ton)] ?? 'other',
            text: String((pdu.short_message as { message?: unknown } | undefined)?.message ?? ''),
          })
      work.catch((error) => log.error({ err: error }, 'an SMS from the SMSC could not be handled'))
    })
    current.on('enquire_link', (pdu: Pdu) => current.send(pdu.response()))
    current.on('unbind', (pdu: Pdu) => {
      current.send(pdu.response())
      current.close()
    })
    current.on('error', (error: Error) => log.warn({ err: error }, 'SMSC connection error'))
    current.on('close', () => {
      if (session !== current) return
      bound = false
      session = undefined
      for (const fail of inFlight) fail(new Error('the SMSC closed the connection'))
      inFlight.clear()
      if (closed) return
      const wait = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** failures++)
      log.warn({ retryInMs: wait }, 'SMSC connection lost; binding again')
      setTimeout(connect, wait).unref()
    })
  }

  async function whenBound(): Promise<Session> {
    if (bound && session) return session
    await new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject }
      waiters.push(waiter)
      setTimeout(() => {
        waiters = waiters.filter((w) => w !== waiter)
        reject(new Error('not bound to the SMSC'))
      }, ANSWER_MS).unref()
    })
    if (!session) throw new Error('not bound to the SMSC')
    return session
  }

  async function throttle() {
    const now = Date.now()
    const at = Math.max(now, nextSlot)
    nextSlot = at + 1000 / config.perSecond
    if (at > now) await delay(at - now)
  }

  function submit(current: Session, fields: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        inFlight.delete(fail)
        reject(new Error('the SMSC did not answer in time'))
      }, ANSWER_MS)
      const fail = (error: Error) => {
        clearTimeout(timer)
        inFlight.delete(fail)
        reject(error)
      }
      inFlight.add(fail)
      const written = current.submit_sm(fields, (pdu) => {
        clearTimeout(timer)
        inFlight.delete(fail)
        if (pdu.command_status === smpp.ESME_ROK) resolve(String(pdu.message_id))
        else reject(new Error(`the SMSC refused the message (status 0x${pdu.command_status.toString(16)})`))
      })
      if (!written) fail(new Error('the SMSC connection is not writable'))
    })
  }

  connect()

  return {
    async send(to, text) {
      const { encoding, parts } = smsSegments(text)
      const reference = randomInt(256)
      const ids: string[] = []
      for (const [index, part] of parts.entries()) {
        await throttle()
        const current = await whenBound()
        // Parts of a long text carry the concatenation header (IEI 0, an 8-bit reference).
        const udh = parts.length > 1 ? Buffer.from([5, 0, 3, reference, parts.length, index + 1]) : undefined
        ids.push(
          await submit(current, {
            ...sourceAddress(config.from),
            destination_addr: to,
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            data_coding: encoding === 'ucs2' ? 8 : 0,
            esm_class: udh ? smpp.ESM_CLASS.UDH_INDICATOR : 0,
            registered_delivery: 1,
            short_message: udh ? { udh, message: part } : { message: part },
          }),
        )
      }
      return ids
    },
    onIncoming(handler) {
      incoming = handler
    },
    onReceipt(handler) {
      receipts = handler
    },
    async close() {
      closed = true
      for (const waiter of waiters) waiter.reject(new Error('the SMS gateway is closed'))
      waiters = []
      const current = session
      if (!current) return
      await new Promise<void>((resolve) => {
        const done = setTimeout(resolve, 2_000)
        current.unbind({}, () => {
          clearTimeout(done)
          resolve()
        })
      })
      current.destroy()
    },
  }
}
