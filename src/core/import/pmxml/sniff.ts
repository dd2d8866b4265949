/**
 * Cheap checks that run before the XML parser, so the common wrong files get a specific message
 * and the dangerous ones never reach it:
 *
 * - `recogniseOtherFormat`: the first bytes of files people drop by mistake (XER, XLSX, MPP, MPX, PDF).
 * - `readProlog`: walks the prolog (declaration, comments, DOCTYPE) up to the root element and
 *   refuses a DOCTYPE with an internal subset. P6 never writes one; an internal subset is where
 *   `<!ENTITY>` declarations live, and nested entities are how a "billion laughs" file turns a
 *   few hundred bytes into gigabytes. Refusing here costs a scan of the prolog only.
 * - `checkComplete`: the document must end with the root's closing tag. A cut-off download
 *   otherwise parses "successfully" into a project missing its last activities.
 */
import { ImportError, inFile } from '../types';

/** Names the format of a file that is obviously not XML, or returns undefined. */
export function recogniseOtherFormat(bytes: Uint8Array): string | undefined {
  const b = bytes;
  const ascii = String.fromCharCode(...b.subarray(0, Math.min(b.length, 8)));
  if (ascii.startsWith('ERMHDR')) return 'a Primavera P6 XER file (plain text, not XML); import it as an XER file';
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) {
    return 'a ZIP container (for example an Excel .xlsx workbook or a zipped export); if it is a zipped P6 export, unzip it and import the .xml inside';
  }
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) {
    return 'a binary Microsoft compound file (an MS Project .mpp or an old Excel .xls), not XML';
  }
  if (ascii.startsWith('MPX,')) return 'an MPX text file (Microsoft Project exchange format), not XML';
  if (ascii.startsWith('%PDF')) return 'a PDF document, not a schedule export';
  return undefined;
}

export interface Prolog {
  /** Qualified name of the root element as written (may carry a prefix). */
  rootName: string;
  /** Local name (prefix removed). */
  localName: string;
  /** Default namespace or the namespace bound to the root's prefix, when declared on the root. */
  namespace?: string;
  /** All attributes text of the root start tag (for the schema version). */
  rootTag: string;
}

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;

/** Shows the first characters of a text safely inside a message. */
export function preview(text: string, n = 24): string {
  const shown = text.slice(0, n).replace(/[^\x20-\x7E\u00A0-\uFFFF]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `"${shown}${text.length > n ? '…' : ''}"`;
}

export function readProlog(text: string, fileName?: string): Prolog {
  const f = inFile(fileName);
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  for (;;) {
    while (i < n && /\s/.test(text[i])) i++;
    if (i >= n) {
      throw new ImportError(
        n === 0 || text.trim() === ''
          ? `${f}The file is empty. Export the project from P6 again (File > Export > Primavera PM - (XML)) and import the new file.`
          : `${f}The file holds only an XML declaration or comments and no data. Export the project from P6 again and import the new file.`,
      );
    }
    if (text[i] !== '<') {
      throw new ImportError(
        `${f}This is not an XML file: it starts with ${preview(text.slice(i))} where XML starts with "<". Choose the .xml file P6 exported (File > Export > Primavera PM - (XML)).`,
      );
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) throw truncated(text, fileName, 'inside the XML declaration');
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw truncated(text, fileName, 'inside a comment');
      i = end + 3;
    } else if (text.startsWith('<!DOCTYPE', i)) {
      i = skipDoctype(text, i, fileName);
    } else if (NAME_START.test(text[i + 1] ?? '')) {
      const close = text.indexOf('>', i);
      const tag = close < 0 ? text.slice(i, i + 4096) : text.slice(i, close + 1);
      const m = /^<([^\s/>]+)/.exec(tag);
      const rootName = m ? m[1] : '';
      const colon = rootName.indexOf(':');
      const prefix = colon >= 0 ? rootName.slice(0, colon) : '';
      const localName = colon >= 0 ? rootName.slice(colon + 1) : rootName;
      const nsAttr = prefix ? `xmlns:${prefix}` : 'xmlns';
      const ns = new RegExp(`\\s${nsAttr.replace(':', '\\:')}\\s*=\\s*["']([^"']*)["']`).exec(tag);
      return { rootName, localName, namespace: ns ? ns[1] : undefined, rootTag: tag };
    } else {
      throw new ImportError(
        `${f}This is not a well-formed XML file: it has ${preview(text.slice(i), 12)} where the first element should start. Choose the .xml file P6 exported.`,
      );
    }
  }
}

function skipDoctype(text: string, start: number, fileName?: string): number {
  const f = inFile(fileName);
  // The internal subset, if any, opens with "[" before the DOCTYPE's closing ">".
  let j = start + 9;
  let quote = '';
  for (; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '>') break;
  }
  if (j >= text.length) throw truncated(text, fileName, 'inside the DOCTYPE declaration');
  if (text[j] === '>') return j + 1;
  const subsetEnd = text.indexOf(']', j);
  const entity = text.indexOf('<!ENTITY', j);
  const declaresEntities = entity >= 0 && (subsetEnd < 0 || entity < subsetEnd);
  throw new ImportError(
    declaresEntities
      ? `${f}The file declares its own XML entities in a DOCTYPE (<!ENTITY …>). P6 never writes these, and such declarations can expand a small file into gigabytes of text (a "billion laughs" file), so the file was not read. Export the project from P6 again.`
      : `${f}The file carries a DOCTYPE with inline declarations, which P6 never writes, so it was not read. Export the project from P6 again, or remove the <!DOCTYPE …> block if you edited the file by hand.`,
    'DOCTYPE',
  );
}

/** Line number (1-based) of a character offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The elements still open at the end of a cut-off document, outermost first, e.g.
 * ["APIBusinessObjects", "Project", "Activity"]. Approximate (not a parser): it only feeds the
 * error message. A scan with indexOf, linear in the text: the regular expression it replaces
 * backtracked quadratically over a long tag that never closes (a 270 KB run of quotes after a
 * "<" took 12 s).
 */
export function openElementsAtEnd(text: string): string[] {
  const stack: string[] = [];
  const n = text.length;
  let i = text.indexOf('<');
  while (i >= 0 && i < n) {
    let end: number;
    if (text.startsWith('<!--', i)) {
      end = text.indexOf('-->', i + 4);
      if (end < 0) break;
      end += 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      end = text.indexOf(']]>', i + 9);
      if (end < 0) break;
      end += 3;
    } else {
      end = text.indexOf('>', i + 1);
      if (end < 0) break;
      end += 1;
      const c = text.charCodeAt(i + 1);
      if (c !== 33 && c !== 63) {
        // <name …>, </name>, <name …/>
        const closing = c === 47;
        let j = closing ? i + 2 : i + 1;
        const start = j;
        while (j < end - 1) {
          const d = text.charCodeAt(j);
          if (d <= 32 || d === 47 || d === 62 || d === 33 || d === 63) break;
          j++;
        }
        if (j > start) {
          const name = text.slice(start, j);
          const local = name.slice(name.indexOf(':') + 1);
          if (closing) {
            const at = stack.lastIndexOf(local);
            if (at >= 0) stack.length = at;
          } else if (text.charCodeAt(end - 2) !== 47) stack.push(local);
        }
      }
    }
    i = text.indexOf('<', end);
  }
  return stack;
}

export function truncated(text: string, fileName: string | undefined, where?: string): ImportError {
  const open = openElementsAtEnd(text);
  const path = open.length ? open.slice(-4).join(' › ') : '';
  const at = where ?? (path ? `inside ${path}` : 'before the document is complete');
  const line = lineOf(text, text.length);
  return new ImportError(
    `${inFile(fileName)}The file ends early, ${at} at line ${line}: the XML stops before its closing tags. ` +
      'It was probably cut off while downloading, copying or exporting; export the project from P6 again and import the complete file.',
    `line ${line}`,
  );
}

/** Throws the "ends early" error unless the text ends with the root element's closing tag. */
export function checkComplete(text: string, prolog: Prolog, fileName?: string): void {
  // Only comments, processing instructions and whitespace may follow the root element.
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) <= 32) end--;
  const tail = text.slice(Math.max(0, end - 65536), end);
  const escaped = prolog.rootName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const closes = new RegExp(`(?:</${escaped}\\s*>|<${escaped}(?:\\s[^>]*)?/>)(?:\\s|<!--[\\s\\S]*?-->|<\\?[\\s\\S]*?\\?>)*$`);
  if (!closes.test(tail)) throw truncated(text, fileName);
}
