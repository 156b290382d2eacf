/**
 * An SMSC for the tests: smpp's own server on loopback, as smtp-server is for mail. It takes one
 * account's binds, keeps each submit_sm (joining concatenated parts into one text), sends phones'
 * replies and delivery receipts as deliver_sm, and can drop the connection on the next submit.
 */
import type { AddressInfo } from 'node:net'
import smpp, { type Pdu, type Session } from 'smpp'

export type ReceivedSms = {
  to: string
  from: string
  text: string
  /** 0: GSM-7 (the SMSC's default alphabet), 8: UCS-2. */
  dataCoding: number
  /** How many submit_sm the text took. */
  segments: number
  smscIds: string[]
}

export type TestSmsc = {
  url: string
  received: ReceivedSms[]
  /** Binds accepted so far (a reconnect is a second). */
  binds: number
  /** The next submit_sm is not answered: the connection drops instead. */
  dropNextSubmit(): void
  /** While down, every submit_sm is refused (a system error), as an SMSC in an outage answers. */
  setDown(down: boolean): void
  /** A reply from a phone, as the operator hands it over (type of address: 1 international, 2 national, 5 alphanumeric). */
  reply(from: string, text: string, ton?: number): Promise<void>
  /** The handset got the message with this SMSC id. */
  receipt(smscId: string, state?: 'DELIVRD' | 'UNDELIV'): Promise<void>
  close(): Promise<void>
}

export const SMSC_ACCOUNT = { systemId: 'ahara', password: 'secret' }

export async function startTestSmsc(): Promise<TestSmsc> {
  const received: ReceivedSms[] = []
  const partial = new Map<string, { parts: string[]; ids: string[]; pdu: Pdu }>()
  let dropNext = false
  let down = false
  let nextId = 1
  let binds = 0
  let bound: Session | undefined

  const server = smpp.createServer({}, (session) => {
    session.on('bind_transceiver', (pdu: Pdu) => {
      const ok = pdu.system_id === SMSC_ACCOUNT.systemId && pdu.password === SMSC_ACCOUNT.password
      session.send(pdu.response({ command_status: ok ? smpp.ESME_ROK : smpp.ESME_RBINDFAIL }))
      if (!ok) return session.close()
      binds++
      bound = session
    })
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()))
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response())
      session.close()
    })
    session.on('submit_sm', (pdu: Pdu) => {
      if (dropNext) {
        dropNext = false
        session.destroy()
        return
      }
      if (down) {
        session.send(pdu.response({ command_status: smpp.ESME_RSYSERR }))
        return
      }
      const smscId = `m${nextId++}`
      session.send(pdu.response({ message_id: smscId }))
      const message = pdu.short_message as { message: string; udh?: Buffer[] }
      const header = message.udh?.[0]
      const base = {
        to: String(pdu.destination_addr),
        from: String(pdu.source_addr),
        dataCoding: Number(pdu.data_coding),
      }
      if (!header) {
        received.push({ ...base, text: message.message, segments: 1, smscIds: [smscId] })
        return
      }
      // [IEI 0, length 3, reference, total, this part]
      const key = `${base.to}:${header[2]}`
      const entry = partial.get(key) ?? { parts: [], ids: [], pdu }
      entry.parts[header[4]! - 1] = message.message
      entry.ids.push(smscId)
      partial.set(key, entry)
      if (entry.ids.length === header[3]) {
        partial.delete(key)
        received.push({ ...base, text: entry.parts.join(''), segments: entry.ids.length, smscIds: entry.ids })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  function deliver(fields: Record<string, unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!bound) return reject(new Error('nobody is bound to the test SMSC'))
      bound.deliver_sm(fields, () => resolve())
    })
  }

  return {
    url: `smpp://${SMSC_ACCOUNT.systemId}:${SMSC_ACCOUNT.password}@127.0.0.1:${port}`,
    received,
    get binds() {
      return binds
    },
    dropNextSubmit() {
      dropNext = true
    },
    setDown(value) {
      down = value
    },
    reply(from, text, ton = 1) {
      const ucs2 = /[^\x20-\x7e]/.test(text)
      return deliver({
        source_addr: from,
        source_addr_ton: ton,
        destination_addr: 'Ahara',
        data_coding: ucs2 ? 8 : 0,
        short_message: { message: text },
      })
    },
    receipt(smscId, state = 'DELIVRD') {
      return deliver({
        source_addr: '94000000000',
        esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
        data_coding: 0,
        short_message: { message: `id:${smscId} sub:001 dlvrd:001 stat:${state} err:000 text:` },
      })
    },
    close() {
      for (const session of [...server.sessions]) session.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
