import { runBackupCommand } from './cli'
import { restoreBackup } from './restore'

await runBackupCommand(
  `npm run restore -- <folder>
    Loads a backup (npm run backup) into the configured database, which must be empty: a new
    PostgreSQL database (DATABASE_URL) or a new DATA_DIR. Start the server afterwards.`,
  async (config, dir) => {
    const manifest = await restoreBackup(config, dir)
    const files =
      manifest.uploads.kind === 'local'
        ? `${manifest.uploads.files.length} uploaded files`
        : 'no uploads (S3)'
    return `Restored the ${manifest.database.kind} database of ${manifest.createdAt} and ${files}. Start the server to use it.`
  },
)
