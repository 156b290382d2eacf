import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import type { ChangeTopic } from '../../shared/realtime'
import type { Database, DatabaseHandle } from '../db/client'
import type { Change } from './domain-events'
import { AppError } from './errors'
import { type Counters, STREAM_CAPS } from './limits'
import type { Subscriber } from './outbox'

const CHANNEL = 'changes'
/** NOTIFY payloads are capped at 8000 bytes: split long recipient lists. */
const MAX_USER_IDS_PER_NOTIFY = 150
const KEEPALIVE_MS = 25_000

type Client = {
  userId: string | undefined
  reply: FastifyReply
  /** The stream's name in the slot it holds (its user's key). */
  holder: string
  slots: string[]
}

export type Realtime = {
  /**
   * Announces changes to every instance (LISTEN/NOTIFY) when `db`'s transaction commits, at once
   * outside one. Never throws.
   */
  publish(db: Pick<Database, 'execute'>, ...changes: Change[]): Promise<void>
  /**
   * Keeps an SSE response open and forwards the changes this user may see; 429 when the user already
   * holds as many streams as STREAM_CAPS allows, or the address opened too many this minute.
   */
  attach(reply: FastifyReply, userId: string | undefined, address: string): Promise<void>
  clientCount(): number
  start(): Promise<void>
  stop(): Promise<void>
}

/** A stream's slot lapses this long after its last keepalive, should its instance die holding it. */
const SLOT_TTL_MS = 3 * KEEPALIVE_MS

/**
 * Streams are capped per user and their opening rate per address through the counters
 * (platform/limits.ts), so with REDIS_URL the caps hold across instances.
 */
export function createRealtime(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  counters: Counters,
): Realtime {
  const store = counters.store
  const clients = new Set<Client>()
  let unlisten: (() => Promise<void>) | undefined
  let keepalive: NodeJS.Timeout | undefined

  function deliver(payload: string) {
    let change: Change
    try {
      change = JSON.parse(payload) as Change
    } catch {
      return
    }
    // Rows of private tables go only to their users; the rest is public (listings, events...).
    const line = `data: ${JSON.stringify({ table: change.table, id: change.id })}\n\n`
    for (const client of clients) {
      if (change.userIds && (!client.userId || !change.userIds.includes(client.userId))) continue
      client.reply.raw.write(line)
    }
  }

  return {
    async publish(db, ...changes) {
      try {
        for (const change of changes) {
          const userIds = change.userIds
          const batches =
            userIds && userIds.length > MAX_USER_IDS_PER_NOTIFY
              ? Array.from({ length: Math.ceil(userIds.length / MAX_USER_IDS_PER_NOTIFY) }, (_, i) => ({
                  ...change,
                  userIds: userIds.slice(i * MAX_USER_IDS_PER_NOTIFY, (i + 1) * MAX_USER_IDS_PER_NOTIFY),
                }))
              : [change]
          for (const batch of batches) {
            await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(batch)})`)
          }
        }
      } catch (error) {
        log.error({ err: error }, 'realtime publish failed')
      }
    },
    async attach(reply, userId, address) {
      const holder = randomUUID()
      // Carrier NAT: the rate of opening, not the streams held (docs/decisions/0063-live-listings.md).
      await counters.spend(`streams:opened:${address}`, STREAM_CAPS.perAddress, 'errors.tooManyStreams')
      const slots: string[] = []
      if (userId) {
        const key = `streams:user:${userId}`
        if (!(await store.acquire(key, holder, STREAM_CAPS.perUser, SLOT_TTL_MS))) {
          throw new AppError(429, 'rate_limited', 'errors.tooManyStreams', undefined, 30)
        }
        slots.push(key)
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must not buffer the stream.
        'x-accel-buffering': 'no',
      })
      reply.raw.write('retry: 3000\n: connected\n\n')
      const client: Client = { userId, reply, holder, slots }
      clients.add(client)
      reply.raw.on('close', () => {
        clients.delete(client)
        for (const key of slots) void store.release(key, holder)
      })
    },
    clientCount: () => clients.size,
    async start() {
      unlisten = await database.listen(CHANNEL, deliver)
      keepalive = setInterval(() => {
        for (const client of clients) {
          client.reply.raw.write(': keepalive\n\n')
          // Taking a held slot again moves its lapse on (caps as large as any: it is already held).
          for (const key of client.slots) {
            void store.acquire(key, client.holder, Number.MAX_SAFE_INTEGER, SLOT_TTL_MS)
          }
        }
      }, KEEPALIVE_MS)
      keepalive.unref()
    },
    async stop() {
      clearInterval(keepalive)
      for (const client of clients) client.reply.raw.end()
      clients.clear()
      await unlisten?.().catch(() => {})
    },
  }
}

/** The realtime topics each event changed, told to the browsers once it committed (docs/decisions/0044-domain-events.md). */
export function realtimeSubscriber(realtime: Realtime, db: Database): Subscriber {
  return {
    name: 'realtime',
    hears: (event) => event.changes.length > 0,
    // A change told twice only makes the browsers read again: no key needed.
    deliver: (event) => realtime.publish(db, ...event.changes),
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public table this route changes: a successful write announces it to every browser. */
    realtime?: ChangeTopic
  }
}

/** GET /api/stream (Server-Sent Events), and the announcement of routes marked `config.realtime`. */
export function registerRealtime(app: FastifyInstance, realtime: Realtime, db: Database) {
  app.get(
    '/api/stream',
    { schema: { tags: ['realtime'], summary: 'Server-Sent Events of changes' } },
    async (request, reply) => {
      const user = await request.currentUser()
      await realtime.attach(reply, user?.id, request.ip)
      // The response stays open; Fastify must not send anything itself.
      return reply.hijack()
    },
  )

  app.addHook('onResponse', async (request, reply) => {
    const table = request.routeOptions.config.realtime
    if (!table || request.method === 'GET' || reply.statusCode >= 300) return
    await realtime.publish(db, { table })
  })

  // Before the server waits for open connections: SSE streams would keep it waiting forever.
  app.addHook('preClose', async () => realtime.stop())
}
