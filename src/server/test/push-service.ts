import { createECDH, type ECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'

/** A browser's side of a subscription: the keys a real browser keeps to itself, and the JSON it sends. */
export type TestDevice = {
  ecdh: ECDH
  authSecret: Buffer
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
}

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer }

/**
 * A push service on this machine: it stores each POST and answers 201, or the status set for a
 * path (410 for a gone subscription). decryptFor() reads a push as the device would.
 */
export async function startPushService() {
  const received: ReceivedPush[] = []
  const statuses = new Map<string, number>()
  const waiting: (() => void)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(statuses.get(req.url ?? '') ?? 201).end()
      for (const wake of waiting.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let devices = 0

  return {
    origin,
    received,
    /** A new device with its own keys; `status` is what this service answers its pushes. */
    device(status = 201): TestDevice {
      devices += 1
      const path = `/push/${devices}`
      statuses.set(path, status)
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const authSecret = randomBytes(16)
      return {
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
        },
      }
    },
    /** Resolves with the first push to `device` (waits for it). */
    async pushTo(device: TestDevice): Promise<ReceivedPush> {
      const path = new URL(device.subscription.endpoint).pathname
      for (;;) {
        const push = received.find((p) => p.path === path)
        if (push) return push
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
    },
    decryptFor(device: TestDevice, push: ReceivedPush): unknown {
      const plain = decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.authSecret,
      })
      return JSON.parse(plain.toString('utf8'))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
