import { createBackup } from './backup'
import { runBackupCommand } from './cli'

await runBackupCommand(
  `npm run backup -- <folder>
    Writes the database (pg_dump with DATABASE_URL; the embedded database in DATA_DIR otherwise, with
    the server stopped), the uploads and manifest.json into a new or empty folder.`,
  async (config, dir) => {
    const manifest = await createBackup(config, dir)
    const files =
      manifest.uploads.kind === 'local'
        ? `${manifest.uploads.files.length} uploaded files`
        : `no uploads (${manifest.uploads.note})`
    return `Backed up the ${manifest.database.kind} database (migration ${manifest.database.lastMigration}) and ${files} to ${dir}.`
  },
)
