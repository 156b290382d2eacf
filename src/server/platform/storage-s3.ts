import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { AppConfig } from '../config'
import { type FileStorage, UPLOAD_NAME, UPLOADS_PREFIX } from './file-storage'

export type S3Settings = NonNullable<AppConfig['s3']>

export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  })
  const Bucket = settings.bucket
  return {
    kind: 's3',
    async put(name, data, contentType) {
      if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
      return `${UPLOADS_PREFIX}${name}`
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return undefined
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }))
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: object.ETag ?? `"${name}"`,
          bytes: object.ContentLength,
        }
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined
        throw error
      }
    },
    async remove(name) {
      if (!UPLOAD_NAME.test(name)) return
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }))
    },
  }
}
