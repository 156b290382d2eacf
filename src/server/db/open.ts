import type { AppConfig } from '../config'
import { type DatabaseHandle, openDatabase } from './client'

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir })
  try {
    await database.migrate()
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}
