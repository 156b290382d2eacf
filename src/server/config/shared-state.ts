import { z } from 'zod'
import { booleanFlag, optionalUrl } from './values'

/**
 * Production storage and shared state for several instances (docs/decisions/0023-storage-on-s3.md,
 * 0024-shared-limits.md): uploads in an S3-compatible bucket, budgets in Redis.
 */
export const sharedStateEnv = {
  S3_BUCKET: z.string().trim().min(3, 'must be a bucket name').optional(),
  /** Unset for AWS itself; the address of MinIO, R2, Spaces and the like. */
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO-style endpoints) instead of the host name. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
}

type SharedStateEnv = z.infer<z.ZodObject<typeof sharedStateEnv>>

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

export type SharedStateConfig = {
  s3:
    | {
        bucket: string
        endpoint: string | undefined
        region: string
        accessKeyId: string
        secretAccessKey: string
        forcePathStyle: boolean
      }
    | undefined
  redisUrl: string | undefined
}

/** S3 is all or nothing: a partial set would silently keep uploads on one instance's disk. */
export function sharedStateConfig(env: SharedStateEnv, problems: string[]): SharedStateConfig {
  const given = Object.keys(sharedStateEnv).filter(
    (name) => name.startsWith('S3_') && env[name as keyof SharedStateEnv] !== undefined,
  )
  const missing = S3_REQUIRED.filter((name) => env[name] === undefined)
  if (given.length > 0 && missing.length > 0) {
    problems.push(
      `${missing.join(', ')} must be set too: object storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_ENDPOINT and S3_FORCE_PATH_STYLE optional), or none of them for the local folder`,
    )
  }
  return {
    s3:
      given.length > 0 && missing.length === 0
        ? {
            bucket: env.S3_BUCKET!,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    redisUrl: env.REDIS_URL,
  }
}
