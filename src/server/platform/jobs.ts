import { createHash } from 'node:crypto'
import cronParser from 'cron-parser'
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/client'

/** pg-boss keeps its tables in this schema of the app's own database (docs/decisions/0025-job-queue.md). */
export const JOBS_SCHEMA = 'pgboss'

export type JobAttempt = { retryCount: number; retryLimit: number }
export type JobHandler<T> = (payload: T, attempt: JobAttempt) => Promise<void>
export type RetryPolicy = {
  retryLimit: number
  retryDelaySeconds: number
  retryBackoff: boolean
  /** How long a try may run before the queue takes it for lost and tries again (5 minutes by default). */
  expireInSeconds?: number
}
export type JobStats = {
  /** Waiting to run: new, or failed and waiting for their next try. */
  queued: number
  /** Failed at least once and waiting for another try. */
  failed: number
  /** Failed on their last try: nothing will run them again. */
  dead: number
}

/** A sweep the job queue runs every so often; runNow() runs it here at once, for tests and operators. */
export type PeriodicTask = { runNow(): Promise<number> }

export type Jobs = {
  /** Registers the worker of a queue: every instance runs the jobs any instance enqueued. */
  define<T extends object>(name: string, handler: JobHandler<T>, retry?: Partial<RetryPolicy>): Promise<void>
  /**
   * Stores a job in the database; an instance's worker runs it (this one is woken at once, unless
   * `wake` is false: then wake() once the answer has gone). A job with the `id` of one already stored
   * is ignored (stableUuid: an idempotent enqueue).
   */
  enqueue<T extends object>(
    name: string,
    payload: T,
    options?: { id?: string; wake?: boolean },
  ): Promise<void>
  /** Wakes this instance's worker of the queue (after an enqueue with `wake: false`). */
  wake(name: string): void
  /**
   * A sweep run once per period of `cron` (5 fields, UTC) across all instances: every instance ticks,
   * and the run of a period is one job whose id derives from the period, so a second enqueue of it is
   * ignored by the database.
   */
  schedule(name: string, cron: string, handler: (now: Date) => Promise<unknown>): Promise<void>
  /** Enqueues each schedule's run of the period `now` falls in (the timer calls it; tests drive it). */
  tick(now?: Date): Promise<void>
  stats(): Promise<JobStats>
  /** Jobs waiting to run, by queue (the metrics module's jobs_queue_depth). */
  depths(): Promise<Record<string, number>>
  /** Calls back on every failed try, with the queue's name (the metrics module's failure counter). */
  onFailure(listener: (queue: string) => void): void
  stop(): Promise<void>
}

export type JobsOptions = {
  /** How often each instance checks the schedules (ms); 15 s by default, 0 = never (tests tick). */
  tickMs?: number
  /** How often idle workers look for jobs enqueued by other instances (s, at least 0.5). */
  pollSeconds?: number
  /** How long stop() waits for running jobs before it leaves them to expire (ms, 5 s by default). */
  stopWaitMs?: number
}

type Log = {
  error(obj: unknown, msg: string): void
  info(obj: unknown, msg: string): void
}

/**
 * The background jobs on the app's own PostgreSQL (or PGlite) through pg-boss: retries with
 * backoff, and a failed state after the last try, shared by every instance.
 */
export async function startJobs(
  database: DatabaseHandle,
  log: Log,
  options: JobsOptions = {},
): Promise<Jobs> {
  // Set once stop() has waited its longest: a job still running then may finish after the database
  // closed, and its bookkeeping is dropped instead of failing unhandled inside pg-boss. The job stays
  // active, expires and is tried again by a live instance; every job is idempotent (0044). The
  // dropped answer is null, not an empty result: pg-boss reads a completion's count from the first
  // row unless the answer is empty altogether.
  let abandoned = false
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        abandoned
          ? Promise.resolve(null as unknown as { rows: unknown[] })
          : database.executeSql(text, values),
    },
    schema: JOBS_SCHEMA,
    // Our tick enqueues the schedules (see schedule()); pg-boss's own cron is not used.
    schedule: false,
    // Jobs of an instance that died are found expired and tried again within half a minute of
    // their expiry (the outbox's deliveries expire after a minute: docs/decisions/0044-domain-events.md).
    maintenanceIntervalSeconds: 30,
  })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  await boss.start()

  const pollingIntervalSeconds = Math.max(0.5, options.pollSeconds ?? 2)
  const workers = new Map<string, string>()
  const schedules = new Map<string, string>()
  const failureListeners: ((queue: string) => void)[] = []
  let stopped = false

  async function define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    retry: Partial<RetryPolicy> = {},
  ) {
    const queue = {
      name,
      retryLimit: retry.retryLimit ?? 0,
      retryDelay: retry.retryDelaySeconds ?? 0,
      retryBackoff: retry.retryBackoff ?? false,
      expireInSeconds: retry.expireInSeconds ?? 5 * 60,
    }
    await boss.createQueue(name, queue)
    // createQueue keeps an existing queue's settings; a changed retry policy must still apply.
    await boss.updateQueue(name, queue)
    const id = await boss.work<T>(name, { pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
        } catch (error) {
          log.error({ err: error, job: name, try: job.retryCount + 1 }, 'job failed')
          for (const listener of failureListeners) listener(name)
          throw error
        }
      }
    })
    workers.set(name, id)
  }

  async function tick(now = new Date()) {
    for (const [name, cron] of schedules) {
      const period = cronParser.parseExpression(cron, { currentDate: new Date(now.getTime() + 1), utc: true })
      const slot = period.prev().toDate().toISOString()
      try {
        // The same id for the same period on every instance: the queue ignores a second insert.
        await boss.send(name, { slot }, { id: stableUuid(name, slot) })
        const worker = workers.get(name)
        if (worker) boss.notifyWorker(worker)
      } catch (error) {
        log.error({ err: error, job: name }, 'could not enqueue a scheduled job')
      }
    }
  }

  const timer =
    options.tickMs === 0
      ? undefined
      : setInterval(() => {
          if (!stopped) void tick()
        }, options.tickMs ?? 15_000)
  timer?.unref()

  const wake = (name: string) => {
    const worker = workers.get(name)
    if (worker) boss.notifyWorker(worker)
  }

  return {
    define,
    async enqueue(name, payload, options = {}) {
      await boss.send(name, payload, options.id ? { id: options.id } : {})
      if (options.wake !== false) wake(name)
    },
    wake,
    async schedule(name, cron, handler) {
      cronParser.parseExpression(cron)
      await define(name, async () => {
        await handler(new Date())
      })
      schedules.set(name, cron)
    },
    tick,
    async stats() {
      const { rows } = await database.executeSql(
        `select state, count(*)::int as n from ${JOBS_SCHEMA}.job group by state`,
        [],
      )
      const count = (state: string) =>
        (rows as { state: string; n: number }[]).find((row) => row.state === state)?.n ?? 0
      return { queued: count('created') + count('retry'), failed: count('retry'), dead: count('failed') }
    },
    async depths() {
      const { rows } = await database.executeSql(
        `select name, count(*) filter (where state in ('created', 'retry'))::int as n from ${JOBS_SCHEMA}.job group by name`,
        [],
      )
      return Object.fromEntries(
        (rows as { name: string; n: number }[])
          .filter((row) => !row.name.startsWith('__pgboss'))
          .map((row) => [row.name, row.n]),
      )
    },
    onFailure(listener) {
      failureListeners.push(listener)
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      // Waits for running jobs, so a test's teardown or a SIGTERM never closes the database under one.
      await boss.stop({ graceful: true, wait: true, timeout: options.stopWaitMs ?? 5_000 })
      abandoned = true
    },
  }
}

/** The same UUID for the same parts on every instance (job ids, mail ids): a second insert is ignored. */
export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The jobs of `queue` that failed on their last try, newest first, with the last error: an
 * operator's list (npm run admin -- failed-deliveries). pg-boss moves finished jobs to its archive
 * after a while, so both are read.
 */
export async function failedJobs(
  database: Pick<DatabaseHandle, 'executeSql'>,
  queue: string,
  limit = 50,
): Promise<{ id: string; createdAt: Date; tries: number; error: string | null }[]> {
  const { rows } = await database.executeSql(
    `select id, created_on, retry_count, coalesce(output->>'message', output->'value'->>'message') as error
       from (select id, name, state, created_on, retry_count, output from ${JOBS_SCHEMA}.job
             union all
             select id, name, state, created_on, retry_count, output from ${JOBS_SCHEMA}.archive) jobs
      where name = $1 and state = 'failed'
      order by created_on desc
      limit $2`,
    [queue, limit],
  )
  return (rows as { id: string; created_on: Date | string; retry_count: number; error: string | null }[]).map(
    (row) => ({
      id: row.id,
      createdAt: new Date(row.created_on),
      tries: row.retry_count + 1,
      error: row.error,
    }),
  )
}

/** How many jobs of `queue` are in each state (created, retry, active, completed, failed), archive included. */
export async function jobOutcomes(
  database: Pick<DatabaseHandle, 'executeSql'>,
  queue: string,
): Promise<Record<string, number>> {
  const { rows } = await database.executeSql(
    `select state, count(*)::int as n
       from (select name, state from ${JOBS_SCHEMA}.job
             union all
             select name, state from ${JOBS_SCHEMA}.archive) jobs
      where name = $1
      group by state`,
    [queue],
  )
  return Object.fromEntries((rows as { state: string; n: number }[]).map((row) => [row.state, row.n]))
}
