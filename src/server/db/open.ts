import type { AppConfig } from '../config'
import { type DatabaseHandle, openDatabase } from './client'
import { prepareDatabase } from './reference-data'

/**
 * Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set), migrates it and
 * writes its reference data.
 */
export async function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir })
  try {
    await prepareDatabase(database)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}
