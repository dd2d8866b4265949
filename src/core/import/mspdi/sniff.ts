/**
 * A first look at the bytes, to tell a user who dropped the wrong file what it is, before any
 * XML parsing: an empty file, a binary MS Project .mpp, an Excel workbook, a P6 XER, or some
 * other binary. Returns a sentence for the user, or null when the file may well be XML.
 */
export function describeNotXml(b: Uint8Array): string | null {
  if (b.length === 0) return 'The file is empty (0 bytes). Export the schedule from MS Project again with File ▸ Save As ▸ XML Format (*.xml).';
  if (b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) {
    return 'This is a binary Office file (an MS Project .mpp or an old Excel .xls), not MS Project XML. In MS Project use File ▸ Save As ▸ XML Format (*.xml) and import that file, or import the .mpp as an .mpp.';
  }
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6)) {
    return 'This is a ZIP-based file (for example an Excel .xlsx workbook), not MS Project XML. Import a workbook as Excel, or export the schedule from MS Project as XML.';
  }
  let i = 0;
  // Byte-order marks (UTF-8, UTF-16 either way) and leading whitespace.
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
  else if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return null;
  if (b.length >= 2 && ((b[0] === 0x3c && b[1] === 0) || (b[0] === 0 && b[1] === 0x3c))) return null; // UTF-16 without a mark
  while (i < b.length && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  if (i === b.length) return 'The file holds only blank space, no schedule. Export the schedule from MS Project again with File ▸ Save As ▸ XML Format (*.xml).';
  if (b[i] === 0x3c) return null;
  const head = String.fromCharCode(...b.subarray(i, i + 8));
  if (head.startsWith('ERMHDR')) return 'This is a Primavera P6 XER file, not MS Project XML. Import it as a P6 XER file instead.';
  if (head.startsWith('MPX,')) return 'This is an old MS Project MPX text file, not MS Project XML. Open it in MS Project and save it as XML Format (*.xml).';
  let binary = 0;
  const n = Math.min(b.length, i + 512);
  for (let k = i; k < n; k++) if (b[k] === 0 || (b[k] < 0x20 && b[k] !== 0x09 && b[k] !== 0x0a && b[k] !== 0x0d)) binary++;
  const shown = head.replace(/[^\x20-\x7e]/g, '?');
  return binary > 0
    ? 'This is not an XML file: it holds binary data. Export the schedule from MS Project with File ▸ Save As ▸ XML Format (*.xml).'
    : `This is not an XML file: it starts with "${shown}" where XML starts with "<". Export the schedule from MS Project with File ▸ Save As ▸ XML Format (*.xml).`;
}
