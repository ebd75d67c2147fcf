import { createRequire } from "node:module";

// Packages resolve the same from src/ and from the compiled dist/ (apps/server/build.mjs).
const require = createRequire(import.meta.url);

export type Weight = "regular" | "bold";

/**
 * The scripts a child's or a centre's name may be written in, each with its Noto Sans face (shipped
 * as npm packages, so a PDF prints the same on every machine). Latin also carries digits, ₹ and
 * punctuation.
 */
const FACES = {
  latin: "noto-sans/{weight}/NotoSans_{weight}.ttf",
  devanagari: "noto-sans-devanagari/{weight}/NotoSansDevanagari_{weight}.ttf",
  bengali: "noto-sans-bengali/{weight}/NotoSansBengali_{weight}.ttf",
  tamil: "noto-sans-tamil/{weight}/NotoSansTamil_{weight}.ttf",
  telugu: "noto-sans-telugu/{weight}/NotoSansTelugu_{weight}.ttf",
  kannada: "noto-sans-kannada/{weight}/NotoSansKannada_{weight}.ttf",
} as const;
export type Script = keyof typeof FACES;

const WEIGHT_FOLDER: Record<Weight, string> = { regular: "400Regular", bold: "700Bold" };

const SCRIPT_OF: [Exclude<Script, "latin">, RegExp][] = [
  ["devanagari", /\p{Script=Devanagari}/u],
  ["bengali", /\p{Script=Bengali}/u],
  ["tamil", /\p{Script=Tamil}/u],
  ["telugu", /\p{Script=Telugu}/u],
  ["kannada", /\p{Script=Kannada}/u],
];
/** Spaces, digits, punctuation, joiners and marks belong to the run they sit in. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Latin's ascender in Noto Sans (per 1,000 units): every run sits on the Latin baseline. */
const LATIN_ASCENDER = 1.069;

export const fontName = (script: Script, weight: Weight) => `${script}-${weight}`;

/** Names every face for the document; pdfkit reads a file only when a run first uses it. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const script of Object.keys(FACES) as Script[]) {
    for (const weight of ["regular", "bold"] as const) {
      const file = FACES[script].replaceAll("{weight}", WEIGHT_FOLDER[weight]);
      doc.registerFont(fontName(script, weight), require.resolve(`@expo-google-fonts/${file}`));
    }
  }
}

/** Splits text into runs of one script each, so each run can be set in a face that has its glyphs. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  let pending = "";
  for (const char of text) {
    const script = SHARED.test(char) ? null : (SCRIPT_OF.find(([, pattern]) => pattern.test(char))?.[0] ?? "latin");
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last?.script === script) last.text += char;
    else {
      runs.push({ script, text: pending + char });
      pending = "";
    }
  }
  if (pending || runs.length === 0) runs.push({ script: "latin", text: pending });
  return runs;
}

export interface TextStyle {
  weight: Weight;
  size: number;
}

/**
 * Writes text in whatever mix of Latin and Indic scripts it holds, each run in its own face on one
 * baseline. pdfkit aligns only a single run, so a mixed line set right or centred is placed by
 * measuring its runs (a mixed line that must wrap is set from the left). `continued` lets the next
 * call carry on the same line, as in pdfkit.
 */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const runs = scriptRuns(text);
  const baseline = -LATIN_ASCENDER * style.size;
  const face = (script: Script) => doc.font(fontName(script, style.weight)).fontSize(style.size);
  if (runs.length === 1) return face(runs[0]!.script).text(text, x, y, { ...options, baseline });

  const widths = runs.map((run) => face(run.script).widthOfString(run.text));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const aligned = options.align === "right" || options.align === "center";
  if (aligned && options.width !== undefined && total <= options.width) {
    const left = x ?? doc.x;
    const top = y ?? doc.y;
    const slack = options.width - total;
    let at = left + (options.align === "right" ? slack : slack / 2);
    runs.forEach((run, index) => {
      face(run.script).text(run.text, at, top, { lineBreak: false, baseline });
      at += widths[index]!;
    });
    doc.x = left;
    doc.y = top + doc.currentLineHeight(true);
    return doc;
  }
  runs.forEach((run, index) => {
    const more = {
      ...options,
      align: "left" as const,
      baseline,
      continued: index < runs.length - 1 || options.continued,
    };
    if (index === 0) face(run.script).text(run.text, x, y, more);
    else face(run.script).text(run.text, more);
  });
  return doc;
}
