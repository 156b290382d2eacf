/**
 * Report PDFs are rendered on one worker thread, one at a time (docs/decisions/0059-limits-before-work.md):
 * a burst of reports queues there while the server's own thread keeps answering (/api/health within
 * 200 ms while twenty are asked at once). The thread starts with the first report and does not keep
 * the process alive.
 */

import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { createWorkQueue } from '../../platform/work-queue'
import { runtimeFiles } from '../../runtime-files'
import type { ReportLine } from './pdf'

type Waiting = { resolve(pdf: Buffer): void; reject(error: Error): void }

const queue = createWorkQueue(1)
let worker: Worker | undefined
let waiting: Waiting | undefined

/** The built server runs dist-server/pdf-worker.js; the source (tsx, vitest) its .ts through tsx's loader. */
function startWorker(): Worker {
  if (runtimeFiles.built) return new Worker(join(runtimeFiles.serverDir, 'pdf-worker.js'))
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const tsx = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href
  const entry = new URL('./pdf-worker.ts', import.meta.url).href
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`,
    { eval: true },
  )
}

function workerOf(): Worker {
  if (worker) return worker
  const started = startWorker()
  started.unref()
  const fail = (error: Error) => {
    if (worker === started) worker = undefined
    waiting?.reject(error)
    waiting = undefined
  }
  started.on('message', (message: { pdf?: Uint8Array; error?: string }) => {
    const done = waiting
    waiting = undefined
    if (message.pdf) done?.resolve(Buffer.from(message.pdf))
    else done?.reject(new Error(message.error ?? 'the PDF could not be rendered'))
  })
  started.on('error', fail)
  started.on('exit', (code) => fail(new Error(`the PDF worker stopped (${code})`)))
  worker = started
  return started
}

/** Renders the report's lines on the worker thread, after the reports asked before it. */
export function renderReportOffThread(
  lines: ReportLine[],
  info: { title: string; language: string },
): Promise<Buffer> {
  return queue.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        waiting = { resolve, reject }
        workerOf().postMessage({ lines, info })
      }),
  )
}
