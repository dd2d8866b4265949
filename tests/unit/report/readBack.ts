/**
 * Reading exported reports back as a user's tools would: the PDF's text with pdf.js (in Node), the
 * workbook with SheetJS, and a small evaluator for the workbook's formulas (cell references, + − × ÷
 * and brackets: all the report writes), so a test can check each formula gives its cached value.
 */
import * as XLSX from 'xlsx';

export interface PdfText {
  pages: number;
  /** Page sizes in points. */
  sizes: { width: number; height: number }[];
  /** Every page's text, items joined by single spaces. */
  text: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  const sizes: { width: number; height: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view;
    sizes.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0) });
    const tc = await page.getTextContent();
    parts.push(tc.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, sizes, text: parts.join(' ').replace(/\s+/g, ' ') };
}

export function readWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  return XLSX.read(bytes, { cellFormula: true, cellDates: true, cellNF: true });
}

/** The value of a cell as a number (or null when blank / not a number). */
export function num(ws: XLSX.WorkSheet, ref: string): number | null {
  const c = ws[ref] as XLSX.CellObject | undefined;
  return c && typeof c.v === 'number' ? c.v : null;
}

/** Evaluates a formula of cell references, numbers, + - * / and brackets against the sheet's values. */
export function evaluate(ws: XLSX.WorkSheet, formula: string): number {
  const tokens = formula.replace(/\s+/g, '').match(/[A-Z]+\d+|\d+(?:\.\d+)?|[-+*/()]/g) ?? [];
  if (tokens.join('') !== formula.replace(/\s+/g, '')) throw new Error(`Formula the test cannot read: ${formula}`);
  let i = 0;
  const value = (t: string): number => {
    if (/^[A-Z]+\d+$/.test(t)) {
      const c = ws[t] as XLSX.CellObject | undefined;
      if (c?.f) return evaluate(ws, c.f);
      if (!c || typeof c.v !== 'number') throw new Error(`${t} is not a number`);
      return c.v;
    }
    return Number(t);
  };
  const primary = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++; // ')'
      return v;
    }
    if (t === '-') return -primary();
    return value(t);
  };
  const product = (): number => {
    let v = primary();
    while (tokens[i] === '*' || tokens[i] === '/') v = tokens[i++] === '*' ? v * primary() : v / primary();
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+' || tokens[i] === '-') v = tokens[i++] === '+' ? v + product() : v - product();
    return v;
  };
  return sum();
}

/** Rows of a sheet as arrays of raw values (header row included). */
export function rowsOf(ws: XLSX.WorkSheet): unknown[][] {
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null });
}
