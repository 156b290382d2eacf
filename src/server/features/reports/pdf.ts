/**
 * The monthly impact report as a one-page PDF (docs/decisions/0056-dansal-and-monthly-reports.md):
 * pdfkit with Noto Sans embedded for Latin, Sinhala and Tamil. fontkit shapes each script (pre-base
 * vowels, conjuncts, the Sinhala rakaransaya); a line mixing scripts is written run by run, each run in
 * the font of its script.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { runtimeFiles } from '../../runtime-files'

type Script = 'latin' | 'sinhala' | 'tamil'

/** The font files, under runtimeFiles.fonts (the build copies the same list: scripts/build-server.mjs). */
const FONT_FILES: Record<Script, { regular: string; bold: string }> = {
  latin: {
    regular: 'noto-sans/files/noto-sans-latin-400-normal.woff',
    bold: 'noto-sans/files/noto-sans-latin-700-normal.woff',
  },
  sinhala: {
    regular: 'noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff',
    bold: 'noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff',
  },
  tamil: {
    regular: 'noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff',
    bold: 'noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
  },
}

/** The font files' bytes, read once for every report. */
const fontBytes = new Map<string, Buffer>()
function font(file: string): Buffer {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    bytes = readFileSync(join(runtimeFiles.fonts, file))
    fontBytes.set(file, bytes)
  }
  return bytes
}

/**
 * The font a character needs, or null for one every font has: spaces, and the joiners that belong to
 * the cluster they sit in (ශ්‍රී). The Sinhala and Tamil fonts hold their script only, so digits and
 * punctuation are Latin.
 */
function scriptOf(char: string): Script | null {
  const code = char.codePointAt(0)!
  if (code >= 0x0d80 && code <= 0x0dff) return 'sinhala'
  if (code >= 0x0b80 && code <= 0x0bff) return 'tamil'
  if (char === ' ' || code === 0x200c || code === 0x200d) return null
  return 'latin'
}

/** The text cut into runs of one script; neutral characters join the run before them. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = []
  for (const char of text) {
    const script = scriptOf(char) ?? runs.at(-1)?.script ?? 'latin'
    const last = runs.at(-1)
    if (last && (last.script === script || scriptOf(char) === null)) last.text += char
    else runs.push({ script, text: char })
  }
  return runs
}

export type ReportLine =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'figure'; label: string; value: string }
  | { kind: 'item'; text: string }
  | { kind: 'note'; text: string }

const MARGIN = 56
const VALUE_X = 380
const GREEN = '#15803d'
const GREY = '#52525b'

/** Renders the lines on one A4 page; the words are already in the reader's language. */
export async function renderReportPdf(lines: ReportLine[], info: { title: string; language: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, Author: 'Ahara', Creator: 'Ahara' },
    lang: info.language,
    displayTitle: true,
  })
  for (const [script, files] of Object.entries(FONT_FILES)) {
    doc.registerFont(`${script}-regular`, font(files.regular))
    doc.registerFont(`${script}-bold`, font(files.bold))
  }
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))

  const write = (
    text: string,
    options: { size: number; bold?: boolean; color?: string; x?: number; y?: number; width?: number },
  ) => {
    const runs = scriptRuns(text)
    doc.fillColor(options.color ?? '#18181b')
    runs.forEach((run, i) => {
      doc.font(`${run.script}-${options.bold ? 'bold' : 'regular'}`).fontSize(options.size)
      const continued = i < runs.length - 1
      if (i === 0 && options.x !== undefined)
        doc.text(run.text, options.x, options.y, { continued, width: options.width })
      else doc.text(run.text, { continued })
    })
  }

  for (const line of lines) {
    switch (line.kind) {
      case 'title':
        write(line.text, { size: 22, bold: true, color: GREEN })
        break
      case 'subtitle':
        write(line.text, { size: 13, color: GREY })
        doc.moveDown(0.8)
        break
      case 'heading':
        doc.moveDown(0.6)
        write(line.text, { size: 14, bold: true })
        doc.moveDown(0.2)
        break
      case 'figure': {
        const y = doc.y
        // The label wraps before the value's column.
        write(line.label, { size: 11.5, color: GREY, x: MARGIN, y, width: VALUE_X - MARGIN - 16 })
        const after = doc.y
        write(line.value, { size: 11.5, bold: true, x: VALUE_X, y })
        doc.x = MARGIN
        doc.y = Math.max(after, doc.y) + 4
        break
      }
      case 'item':
        write(`•  ${line.text}`, { size: 11.5 })
        break
      case 'note':
        doc.moveDown(0.8)
        write(line.text, { size: 9, color: GREY })
        break
    }
  }
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
