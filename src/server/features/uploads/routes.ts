import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponseSchema } from '../../../shared/api-error'
import { uploadSchema } from '../../../shared/schemas/uploads'
import { authorizeRequest } from '../../platform/authorization'
import { AppError, badRequest, notFound } from '../../platform/errors'
import type { AppServices } from '../../platform/services'
import { UPLOADS_PREFIX } from '../../platform/storage'
import { storeImage } from './service'

export const uploadsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { db, storage } = services

  app.post(
    '/api/uploads',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart field "file"; PNG, JPG, GIF or WebP up to 10 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await authorizeRequest(request, 'upload.create')
      if (!request.isMultipart()) throw badRequest('uploads.errors.noFile')
      let data: Buffer
      try {
        const file = await request.file()
        if (!file) throw badRequest('uploads.errors.noFile')
        data = await file.toBuffer()
      } catch (error) {
        if (error instanceof AppError) throw error
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'payload_too_large', 'errors.tooLarge')
        }
        // A broken multipart body (cut off, no boundary, endless part headers) is the client's
        // mistake: no file could be read from it.
        throw badRequest('uploads.errors.noFile')
      }
      const upload = await storeImage(db, storage, user.id, data)
      return reply.status(201).send(upload)
    },
  )

  if (!storage.localRoot) {
    // Files in the bucket are streamed through the app at the same URLs as local files, cached for a
    // year: names are never reused (docs/decisions/0023-storage-on-s3.md).
    app.get(
      `${UPLOADS_PREFIX}:name`,
      { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } },
      async (request, reply) => {
        const file = await storage.get(request.params.name)
        if (!file) throw notFound()
        reply.header('etag', file.etag).header('cache-control', 'public, max-age=31536000, immutable')
        if (request.headers['if-none-match'] === file.etag) {
          if ('destroy' in file.body) file.body.destroy()
          return reply.status(304).send()
        }
        reply.type(file.contentType)
        if (file.bytes !== undefined) reply.header('content-length', file.bytes)
        return reply.send(file.body)
      },
    )
  } else {
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      // Names are random and never reused: cache for a year.
      maxAge: '365d',
      immutable: true,
    })
  }
}
