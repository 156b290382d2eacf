import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DatabaseError } from './db/client'
import { countDemoAccounts } from './db/demo-community/accounts'
import { seedDemo } from './db/demo-community/seed'
import { openConfiguredDatabase } from './db/open'
import { startMetricsServer } from './platform/prometheus'
import { runtimeFiles } from './runtime-files'

const SHUTDOWN_GRACE_MS = 5_000

async function main() {
  const config = loadConfig()
  const logger =
    config.env === 'development' && process.stdout.isTTY && hasPrettyLogs()
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel }
  const database = await openConfiguredDatabase(config)
  if (!config.demo && (await countDemoAccounts(database.db)) > 0) {
    await database.close()
    throw new ConfigError(
      'This database holds the demo community, whose password is published, so production will not serve it.\n' +
        'Start the demo with NODE_ENV=development (npm run demo), point DATA_DIR or DATABASE_URL at another database,\n' +
        'or delete the demo accounts with: npm run admin -- remove-demo',
    )
  }
  const app = await buildApp({ config, database, webDir: runtimeFiles.web, logger })
  if (config.seedDemo) {
    const seeded = await seedDemo(app.services)
    if (seeded) app.log.info('seeded demo data (see README for the demo accounts)')
  }

  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.services.lifecycle.drain()
    app.log.info({ signal }, 'shutting down: finishing requests')
    // Requests in flight get a grace period; then every connection is cut, including clients that
    // never finish sending a request, so a load balancer's SIGTERM ends in a clean exit.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref()
    setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting')
      process.exit(1)
    }, 10_000).unref()
    try {
      await metricsServer?.close()
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  if (config.metrics.port !== undefined) {
    metricsServer = await startMetricsServer(app.services.metrics, config.metrics.port, config.metrics.host)
    app.log.info(`metrics at http://${config.metrics.host}:${metricsServer.port}/metrics`)
  }
  app.log.info(`Ahara is running at ${config.publicUrl} (database: ${database.kind})`)
  if (process.stdout.isTTY) console.log(`\n  Ahara is running at ${config.publicUrl}\n`)
}

/** pino-pretty is a development tool: an install without devDependencies logs JSON. */
function hasPrettyLogs(): boolean {
  try {
    import.meta.resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseError) {
    console.error(`\nAhara cannot start.\n${error.message}\n`)
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `\nAhara cannot start: port ${(error as { port?: number }).port ?? ''} is already in use. Set PORT (or METRICS_PORT) to a free port.\n`,
    )
  } else {
    console.error('\nAhara cannot start:', error)
  }
  process.exit(1)
})
