/**
 * The Sinhala and Tamil faces, written out at build time (and by the dev server) from one table:
 * main.tsx imports them as `virtual:script-fonts.css`. They are declared for every page with their
 * scripts' unicode-range: a browser fetches a face only when text in its script is on the page, so a
 * Sinhala title on a Tamil or English page is drawn in Sinhala, not as empty boxes, and a page without
 * it costs only these rules (issue 39, item 4). Latin (Noto Sans) comes with the app in main.tsx.
 */
import type { Plugin } from 'vite'

/** Each script's face: its fontsource package and subset, and the subset's range (fontsource's). */
const SCRIPT_FACES = [
  {
    family: 'Noto Sans Sinhala',
    files: 'noto-sans-sinhala/files/noto-sans-sinhala-sinhala',
    range: 'U+0964-0965, U+0D81-0DF4, U+1CF2, U+200C-200D, U+25CC, U+111E1-111F4',
  },
  {
    family: 'Noto Sans Tamil',
    files: 'noto-sans-tamil/files/noto-sans-tamil-tamil',
    range: 'U+0964-0965, U+0B82-0BFA, U+200C-200D, U+20B9, U+25CC',
  },
]
/** The weights the app draws text in: body and bold (headings, buttons). */
const WEIGHTS = [400, 700]

const MODULE_ID = 'virtual:script-fonts.css'
const RESOLVED_ID = '\0script-fonts.css'

export function scriptFonts(): Plugin {
  return {
    name: 'ahara-script-fonts',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null
      return SCRIPT_FACES.flatMap(({ family, files, range }) =>
        WEIGHTS.map(
          (weight) => `@font-face {
  font-family: "${family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(/node_modules/@fontsource/${files}-${weight}-normal.woff2) format("woff2");
  unicode-range: ${range};
}`,
        ),
      ).join('\n')
    },
  }
}
