/**
 * A small reader for the OLE2 / Compound File Binary container that holds an .mpp file
 * ([MS-CFB]): header, DIFAT, FAT, mini FAT and directory, then streams on demand.
 *
 * Why not the `cfb` npm package: it reads well-formed files fine, but its chain walks trust the
 * file (a FAT entry that points back into its own chain, or a directory whose sibling links form
 * a cycle, is followed as written), and a reader for user uploads must end on every input. Here
 * every chain walk is bounded by the number of sectors the file can hold and marks what it has
 * visited, so a looping or truncated file becomes an ImportError, never a hang.
 */
import { ImportError, inFile } from '../types';

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECT = 0xffffffff;
/** Directory entry types. */
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;
const NO_STREAM = 0xffffffff;

export interface CfbEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root. */
  type: number;
  start: number;
  size: number;
  /** Children of a storage, by name. */
  children: Map<string, CfbEntry>;
}

export interface CfbFile {
  root: CfbEntry;
  /** The stream's bytes (a copy), or undefined when the entry is missing or not a stream. */
  read(entry: CfbEntry | undefined): Uint8Array | undefined;
}

/** What goes wrong with a container: always an ImportError that says what to do. */
function damaged(fileName: string | undefined, why: string): ImportError {
  return new ImportError(
    `${inFile(fileName)}this .mpp file is damaged or incomplete (${why}), so it cannot be read. Open it in Microsoft Project and save it again; if Project cannot open it either, use a backup copy.`,
    'OLE2 container',
  );
}

export function isCfb(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  for (let i = 0; i < 8; i++) if (bytes[i] !== SIGNATURE[i]) return false;
  return true;
}

export function openCfb(bytes: Uint8Array, fileName?: string): CfbFile {
  if (!isCfb(bytes)) throw damaged(fileName, 'it does not start with the OLE2 signature');
  if (bytes.length < 512) throw damaged(fileName, 'the file is shorter than its 512-byte header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (o: number) => view.getUint16(o, true);
  const u32 = (o: number) => view.getUint32(o, true);

  const sectorShift = u16(0x1e);
  const miniShift = u16(0x20);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw damaged(fileName, `unknown sector size 2^${sectorShift}`);
  const sectorSize = 1 << sectorShift;
  const miniSize = 1 << miniShift;
  const miniCutoff = u32(0x38);
  // Sectors the file can hold: the bound for every chain walk below.
  const sectorCount = Math.floor((bytes.length - 512 + sectorSize - 1) / sectorSize);
  const entriesPerSector = sectorSize / 4;

  const sectorOffset = (s: number): number => {
    if (s >= sectorCount) throw damaged(fileName, `sector ${s} lies past the end of the file`);
    return (s + 1) * sectorSize;
  };

  // DIFAT: the first 109 FAT sector numbers are in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  const fatSectorCount = u32(0x2c);
  if (fatSectorCount > sectorCount) throw damaged(fileName, 'the header names more FAT sectors than the file holds');
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  const seenDifat = new Set<number>();
  while (fatSectors.length < fatSectorCount && difat !== END_OF_CHAIN && difat !== FREE_SECT) {
    if (seenDifat.has(difat) || seenDifat.size > sectorCount) throw damaged(fileName, 'the DIFAT chain loops');
    seenDifat.add(difat);
    const off = sectorOffset(difat);
    for (let i = 0; i < entriesPerSector - 1 && fatSectors.length < fatSectorCount; i++) fatSectors.push(u32(off + i * 4));
    difat = u32(off + sectorSize - 4);
  }

  const fat = new Uint32Array(fatSectors.length * entriesPerSector);
  fatSectors.forEach((s, i) => {
    const off = sectorOffset(s);
    const end = Math.min(off + sectorSize, bytes.length);
    for (let p = off, j = i * entriesPerSector; p + 4 <= end; p += 4, j++) fat[j] = u32(p);
  });

  /** The sectors of a chain, in order; a loop, a dangling link or an over-long chain is damage. */
  const chain = (start: number, table: Uint32Array, limit: number, what: string): number[] => {
    const out: number[] = [];
    const seen = new Uint8Array(table.length);
    let s = start;
    while (s !== END_OF_CHAIN) {
      if (s >= table.length) throw damaged(fileName, `the ${what} chain points to sector ${s}, which does not exist`);
      if (seen[s]) throw damaged(fileName, `the ${what} chain loops`);
      if (out.length >= limit) throw damaged(fileName, `the ${what} chain is longer than the file`);
      seen[s] = 1;
      out.push(s);
      s = table[s];
    }
    return out;
  };

  const readChain = (start: number, size: number, what: string): Uint8Array => {
    if (start === END_OF_CHAIN || size === 0) return new Uint8Array(0);
    const sectors = chain(start, fat, sectorCount, what);
    const total = Math.min(size, sectors.length * sectorSize);
    if (total < size) throw damaged(fileName, `the ${what} is cut short`);
    const out = new Uint8Array(total);
    for (let i = 0, p = 0; i < sectors.length && p < total; i++) {
      const off = sectorOffset(sectors[i]);
      const n = Math.min(sectorSize, total - p, bytes.length - off);
      if (n <= 0) throw damaged(fileName, `the ${what} is cut short`);
      out.set(bytes.subarray(off, off + n), p);
      p += n;
      if (n < sectorSize && p < total) throw damaged(fileName, `the ${what} is cut short`);
    }
    return out;
  };

  // Directory: a chain of 128-byte entries.
  const dirSectors = chain(u32(0x30), fat, sectorCount, 'directory');
  const dirBytes = readChain(u32(0x30), dirSectors.length * sectorSize, 'directory');
  const dv = new DataView(dirBytes.buffer, dirBytes.byteOffset, dirBytes.byteLength);
  const entryCount = Math.floor(dirBytes.length / 128);
  const entries: (CfbEntry & { left: number; right: number; child: number })[] = [];
  const decoder = new TextDecoder('utf-16le');
  for (let i = 0; i < entryCount; i++) {
    const o = i * 128;
    const nameLen = Math.min(dv.getUint16(o + 64, true), 64);
    const name = decoder.decode(dirBytes.subarray(o, o + Math.max(0, nameLen - 2)));
    const size = dv.getUint32(o + 120, true); // high 32 bits ignored: no .mpp stream reaches 4 GiB
    entries.push({ name, type: dirBytes[o + 66], start: dv.getUint32(o + 116, true), size, children: new Map(), left: dv.getUint32(o + 68, true), right: dv.getUint32(o + 72, true), child: dv.getUint32(o + 76, true) });
  }
  const root = entries[0];
  if (!root || root.type !== ROOT) throw damaged(fileName, 'the directory has no root entry');

  // Each storage's children form a tree through left/right links; walk it iteratively, once per entry.
  const placed = new Uint8Array(entries.length);
  placed[0] = 1;
  const storages: number[] = [0];
  while (storages.length) {
    const parent = entries[storages.pop() as number];
    const stack = [parent.child];
    while (stack.length) {
      const i = stack.pop() as number;
      if (i === NO_STREAM) continue;
      if (i >= entries.length) throw damaged(fileName, 'a directory entry points outside the directory');
      if (placed[i]) throw damaged(fileName, 'the directory tree loops');
      placed[i] = 1;
      const e = entries[i];
      if (e.type === STORAGE || e.type === STREAM) parent.children.set(e.name, e);
      if (e.type === STORAGE) storages.push(i);
      stack.push(e.left, e.right);
    }
  }

  // Mini stream (small streams live in the root's chain, addressed through the mini FAT).
  let miniStream: Uint8Array | undefined;
  let miniFat: Uint32Array | undefined;
  const loadMini = () => {
    if (miniStream && miniFat) return;
    miniStream = readChain(root.start, root.size, 'mini stream');
    const mfBytes = readChain(u32(0x3c), u32(0x40) * sectorSize, 'mini FAT');
    miniFat = new Uint32Array(mfBytes.length / 4);
    const mv = new DataView(mfBytes.buffer, mfBytes.byteOffset, mfBytes.byteLength);
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = mv.getUint32(i * 4, true);
  };

  const read = (entry: CfbEntry | undefined): Uint8Array | undefined => {
    if (!entry || entry.type !== STREAM) return undefined;
    if (entry.size >= miniCutoff) return readChain(entry.start, entry.size, `stream "${entry.name}"`);
    if (entry.size === 0) return new Uint8Array(0);
    loadMini();
    const ms = miniStream as Uint8Array;
    const sectors = chain(entry.start, miniFat as Uint32Array, (miniFat as Uint32Array).length, `stream "${entry.name}"`);
    if (sectors.length * miniSize < entry.size) throw damaged(fileName, `stream "${entry.name}" is cut short`);
    const out = new Uint8Array(entry.size);
    for (let i = 0, p = 0; p < entry.size; i++) {
      const off = sectors[i] * miniSize;
      const n = Math.min(miniSize, entry.size - p);
      if (off + n > ms.length) throw damaged(fileName, `stream "${entry.name}" lies past the end of the mini stream`);
      out.set(ms.subarray(off, off + n), p);
      p += n;
    }
    return out;
  };

  return { root, read };
}

/** The entry at a path of names below the root ("   114", "TBkndTask", "FixedData"). */
export function cfbFind(root: CfbEntry, ...path: string[]): CfbEntry | undefined {
  let e: CfbEntry | undefined = root;
  for (const name of path) {
    e = e?.children.get(name);
    if (!e) return undefined;
  }
  return e;
}
