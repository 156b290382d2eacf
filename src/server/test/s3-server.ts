import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/**
 * A real S3-compatible server (s3rver) in this process, on a loopback port, with its files in a
 * temporary folder; `env` configures the app for it (path-style, as MinIO).
 */
export async function startS3Server(bucket = 'ahara-test') {
  const directory = mkdtempSync(join(tmpdir(), 'ahara-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
