import { type AppConfig, ConfigError, loadConfig } from './config'
import { DatabaseError, type DatabaseHandle } from './db/client'
import { openConfiguredDatabase } from './db/open'

/** Runs a command-line task against the configured database; known errors print as one clear line. */
export async function runWithDatabase(
  task: (database: DatabaseHandle, config: AppConfig) => Promise<void>,
): Promise<void> {
  let database: DatabaseHandle | undefined
  try {
    const config = loadConfig()
    database = await openConfiguredDatabase(config)
    await task(database, config)
  } catch (error) {
    const known =
      error instanceof ConfigError || error instanceof DatabaseError || error instanceof UsageError
    console.error(known ? (error as Error).message : error)
    process.exitCode = 1
  } finally {
    await database?.close()
  }
}

export class UsageError extends Error {}
