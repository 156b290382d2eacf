import { type AppConfig, ConfigError, loadConfig } from '../config'
import { DatabaseError } from '../db/client'
import { BackupError } from './postgres-tools'

/** Runs `npm run backup|restore -- <dir>` against the configured database (DATABASE_URL or DATA_DIR). */
export async function runBackupCommand(
  usage: string,
  task: (config: AppConfig, dir: string) => Promise<string>,
): Promise<void> {
  const dir = process.argv[2]
  if (!dir || dir === '--help' || dir === 'help') {
    console.log(usage)
    if (!dir) process.exitCode = 1
    return
  }
  try {
    console.log(await task(loadConfig(), dir))
  } catch (error) {
    const known =
      error instanceof ConfigError || error instanceof DatabaseError || error instanceof BackupError
    console.error(known ? (error as Error).message : error)
    process.exitCode = 1
  }
}
