import { spawn } from 'node:child_process'

export class BackupError extends Error {}

/**
 * libpq's environment for a postgres:// URL, so the password never appears in the process list as a
 * command-line argument would.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url)
  const sslmode = parsed.searchParams.get('sslmode')
  return {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    ...(parsed.username ? { PGUSER: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { PGPASSWORD: decodeURIComponent(parsed.password) } : {}),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  }
}

/** Runs pg_dump or pg_restore; a missing tool or a failure throws a BackupError with its message. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: libpqEnv(url), stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`
            : `${tool} failed: ${error.message}`,
        ),
      )
    })
    child.on('close', (code) => {
      if (code === 0) resolve()
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`))
    })
  })
}
