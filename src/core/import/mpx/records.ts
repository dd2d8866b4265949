/**
 * MPX text → records. An MPX file is one record per line: a record number, then fields separated
 * by the file's delimiter (the character after "MPX" in the first line, a comma unless the writer
 * chose otherwise). A field holding the delimiter, a quote or a line break is wrapped in double
 * quotes, with quotes inside doubled (`"10FS+1d,9"`). Notes keep their line breaks as the
 * character 0x7F, which is turned back into a line break here.
 *
 * The reader walks the text once and hands each record to a callback with its line number, so a
 * 100 MB file never exists as an array of split lines.
 */
import { ImportError } from '../types';

export interface MpxRecord {
  /** The record number as written ("70"); the first line's is "MPX". */
  type: string;
  fields: string[];
  /** 1-based line of the record's first character, for messages. */
  line: number;
}

/** No MPX record has more than 153 fields (the task model's largest field number is 152). */
export const MAX_FIELDS = 512;
/** A field longer than this is not MPX data (notes are the longest and far shorter). */
const MAX_FIELD_CHARS = 1 << 20;

const EOL_PLACEHOLDER = /\u007f/g;

/**
 * Calls `onRecord` for each non-blank record of `text`. Throws `ImportError` ("line 42: …") for a
 * quoted field that never closes, a record with more fields than any MPX record has, or a field
 * too long to be MPX data.
 */
export function forEachRecord(text: string, delimiter: string, file: string, onRecord: (r: MpxRecord) => void): void {
  const n = text.length;
  const delim = delimiter.charCodeAt(0);
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line break or the end of the text.
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34 /* " */) {
        const openLine = line;
        let j = i + 1;
        let out = '';
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw new ImportError(`${file}line ${openLine}: a quoted field opens here and never closes. The file is cut short or damaged: export it again from its application.`, `line ${openLine}`);
          const chunk = text.slice(j, q);
          for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++;
          out += chunk;
          if (text.charCodeAt(q + 1) === 34) {
            out += '"';
            j = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        // Anything between the closing quote and the next delimiter belongs to the field too.
        let e = i;
        while (e < n && text.charCodeAt(e) !== delim && text.charCodeAt(e) !== 10 && text.charCodeAt(e) !== 13) e++;
        value = out + text.slice(i, e);
        i = e;
      } else {
        let e = i;
        while (e < n) {
          const c = text.charCodeAt(e);
          if (c === delim || c === 10 || c === 13) break;
          e++;
        }
        value = text.slice(i, e);
        i = e;
      }
      if (value.length > MAX_FIELD_CHARS) throw new ImportError(`${file}line ${line}: field ${fields.length} is ${value.length.toLocaleString('en-GB')} characters long, far more than any MPX field holds. The file is damaged or is not an MPX file.`, `line ${line}`);
      fields.push(value.indexOf('\u007f') >= 0 ? value.replace(EOL_PLACEHOLDER, '\n') : value);
      if (fields.length > MAX_FIELDS) throw new ImportError(`${file}line ${startLine}: the record has more than ${MAX_FIELDS} fields; no MPX record has more than 153. The file is damaged or is not an MPX file.`, `line ${startLine}`);
      if (i < n && text.charCodeAt(i) === delim) {
        i++;
        continue;
      }
      break;
    }
    // The line break (\r\n, \n or \r) that ends the record.
    if (i < n && text.charCodeAt(i) === 13) i++;
    if (i < n && text.charCodeAt(i) === 10) i++;
    line++;
    const type = fields[0].trim();
    if (fields.length === 1 && type === '') continue; // a blank line
    onRecord({ type, fields: fields.slice(1), line: startLine });
  }
}
