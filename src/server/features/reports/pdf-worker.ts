/**
 * The worker thread that renders report PDFs (./renderer.ts): pdfkit and fontkit work for most of a
 * second per report without yielding, which here holds up nothing but the next report.
 */
import { parentPort } from 'node:worker_threads'
import { type ReportLine, renderReportPdf } from './pdf'

parentPort?.on(
  'message',
  async ({ lines, info }: { lines: ReportLine[]; info: { title: string; language: string } }) => {
    try {
      parentPort?.postMessage({ pdf: await renderReportPdf(lines, info) })
    } catch (error) {
      parentPort?.postMessage({ error: (error as Error).message })
    }
  },
)
