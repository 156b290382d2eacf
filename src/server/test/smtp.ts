import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail as the SMTP peer received it: the envelope and the message, still encoded. */
export type SmtpMail = { from: string; to: string[]; raw: string }

export type TestSmtp = {
  /** The `SMTP_URL` that sends to this peer. */
  url: string
  received: SmtpMail[]
  close(): Promise<void>
}

/** A real SMTP peer on this machine that keeps every mail it gets; on `port`, or on a free one. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: SmtpMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  // A client killed mid-conversation resets its connection: not the peer's failure.
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
  const address = smtp.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
