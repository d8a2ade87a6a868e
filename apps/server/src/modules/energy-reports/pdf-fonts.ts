import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// The PDF's fonts (docs/energy-reports.md "Exports"). pdfkit's built-in Helvetica knows Latin-1 only,
// so an organization, project or group named in Hindi or Tamil printed as garbage. Noto Sans (OFL,
// from the @fontsource packages) is embedded instead: fontsource ships each script of a family as its
// own file, so a text is cut into runs, each drawn with the first face that has its characters.
// fontkit, under pdfkit, shapes each run (conjuncts, reordered vowel signs), so Indic text reads right.

const require = createRequire(import.meta.url);

/** The scripts of India's languages that Noto Sans covers, each a fontsource package. */
const SCRIPTS = [
  'devanagari',
  'bengali',
  'gurmukhi',
  'gujarati',
  'oriya',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
] as const;

export type PdfWeight = 'regular' | 'bold';
const WEIGHT: Record<PdfWeight, number> = { regular: 400, bold: 700 };

interface Face {
  /** The name pdfkit knows it by (registerFont). */
  name: string;
  data: Buffer;
  font: fontkit.Font;
}

const fileOf = (script: string, subset: string, weight: number) =>
  require.resolve(
    `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${subset}-${weight}-normal.woff`,
  );

function load(name: string, file: string): Face {
  const data = readFileSync(file);
  return { name, data, font: fontkit.create(data) as fontkit.Font };
}

let loaded: Record<PdfWeight, Face[]> | undefined;

/** Each weight's faces, Latin first (Noto Sans Devanagari's Latin subsets), read once. */
function faces(): Record<PdfWeight, Face[]> {
  loaded ??= Object.fromEntries(
    (Object.keys(WEIGHT) as PdfWeight[]).map((weight) => {
      const w = WEIGHT[weight];
      return [
        weight,
        [
          load(`latin-${weight}`, fileOf('devanagari', 'latin', w)),
          load(`latin-ext-${weight}`, fileOf('devanagari', 'latin-ext', w)),
          ...SCRIPTS.map((script) => load(`${script}-${weight}`, fileOf(script, script, w))),
        ],
      ];
    }),
  ) as Record<PdfWeight, Face[]>;
  return loaded;
}

/** Registers every face with the document; the text starts in regular Latin. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  for (const list of Object.values(faces())) for (const face of list) doc.registerFont(face.name, face.data);
  doc.font(faces().regular[0]!.name);
}

export interface TextRun {
  text: string;
  /** The registered font that draws it. */
  font: string;
}

/**
 * The text cut where its script changes. A character stays in the running face while that face has it
 * (spaces, digits, joiners and vowel signs keep with their word), otherwise it takes the first face that
 * has it; one no face has stays where it is (it prints as a box, never as another letter).
 */
export function textRuns(text: string, weight: PdfWeight = 'regular'): TextRun[] {
  const list = faces()[weight];
  const runs: TextRun[] = [];
  let current: Face = list[0]!;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (!current.font.hasGlyphForCodePoint(code))
      current = list.find((f) => f.font.hasGlyphForCodePoint(code)) ?? current;
    const last = runs.at(-1);
    if (last && last.font === current.name) last.text += char;
    else runs.push({ text: char, font: current.name });
  }
  return runs;
}

/**
 * Writes a flowing line of any script: one pdfkit text call per run, continued to the next. The
 * document is left in regular Latin, as registerPdfFonts set it, for the plain text that follows.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, weight: PdfWeight = 'regular'): void {
  const runs = textRuns(text, weight);
  if (runs.length === 0) runs.push({ text: '', font: faces()[weight][0]!.name });
  runs.forEach((run, i) => doc.font(run.font).text(run.text, { continued: i < runs.length - 1 }));
  doc.font(faces().regular[0]!.name);
}

/** The one face for a table cell (a cell is drawn in one call): the first that has every character. */
export function cellFont(text: string, weight: PdfWeight = 'regular'): string {
  const list = faces()[weight];
  const codes = [...text].map((c) => c.codePointAt(0)!).filter((c) => c > 0x20);
  return (list.find((f) => codes.every((c) => f.font.hasGlyphForCodePoint(c))) ?? list[0]!).name;
}
