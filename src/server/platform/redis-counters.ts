import { Redis } from 'ioredis'
import { ConfigError } from '../config'
import { redactUrl } from '../config/values'
import type { CounterStore } from './limits'

type Log = { warn(obj: unknown, msg: string): void }

/**
 * INCRBY, and a window (PEXPIRE) when the key had no hits left, in one step: answers the count and
 * the ms left. A negative amount gives hits back (limits.ts, take()).
 */
const ADD = `
local amount = tonumber(ARGV[2])
if amount < 0 and redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0} end
local count = redis.call('INCRBY', KEYS[1], amount)
if amount > 0 and count == amount then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`

/**
 * A slot per holder in a sorted set scored by its lapse time: lapsed slots are dropped, then the
 * holder takes one if fewer than max are held. Taking it again (keepalive) moves its lapse on.
 */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[1] + ARGV[4], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`

export type RedisConnection = { redis: Redis; close(): Promise<void> }

/**
 * Connects to REDIS_URL at start; an unreachable Redis stops the start with a clear message.
 * Commands fail at once while the connection is down (no offline queue), so a request never waits
 * on Redis; ioredis reconnects on its own.
 */
export async function connectRedis(url: string): Promise<RedisConnection> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  // Errors while reconnecting are reported by the stores that hit them; this keeps them off stderr.
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    throw new ConfigError(
      `Could not connect to REDIS_URL (${redactUrl(url)}): ${(error as Error).message}\n` +
        'Start Redis, correct REDIS_URL, or unset it to keep the limits in memory (one instance only).',
    )
  }
  return {
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

/**
 * Counters in Redis, shared by every instance (docs/decisions/0024-shared-limits.md). When Redis is
 * down they fail open with a log line: sign-in and writes go on without the shared budgets rather
 * than the whole site answering 500 for the length of a Redis restart.
 */
export function createRedisCounterStore(redis: Redis, prefix: string, log: Log): CounterStore {
  let lastWarning = 0
  const failOpen =
    <T>(fallback: T) =>
    (error: unknown) => {
      // One line a minute is enough to page someone; a line per request would flood the log.
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now()
        log.warn({ err: error }, 'Redis unreachable: limits are not enforced until it is back')
      }
      return fallback
    }
  return {
    async count(key) {
      const multi = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .catch(failOpen(null))
      const count = Number(multi?.[0]?.[1] ?? 0)
      const ttl = Number(multi?.[1]?.[1] ?? 0)
      return { count, resetInMs: Math.max(0, ttl) }
    },
    async add(key, windowMs, amount = 1) {
      const answer = (await redis
        .eval(ADD, 1, prefix + key, windowMs, amount)
        .catch(failOpen([0, 0]))) as number[]
      return { count: Number(answer[0]), resetInMs: Number(answer[1]) }
    },
    async acquire(key, holder, max, ttlMs) {
      const taken = await redis
        .eval(ACQUIRE, 1, prefix + key, Date.now(), max, holder, ttlMs)
        .catch(failOpen(1))
      return Number(taken) === 1
    },
    async release(key, holder) {
      await redis.zrem(prefix + key, holder).catch(failOpen(0))
    },
    async close() {},
  }
}
