/**
 * Damaged and hostile .mpp containers: each must end in an ImportError that says what is wrong
 * and what to do, never in a hang, a stack trace or another error type. The containers are
 * built here byte by byte (OLE2 header, FAT, directory), so each test states exactly one defect;
 * the corpus-based ones (truncation, bit flips) run when the sample corpus is present.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCfb, readMpp } from '../../../../src/core/import/mpp';
import { ImportError } from '../../../../src/core/import/types';
import { withOpenPassword } from './propsRewrite';

const SECTOR = 512;
const END = 0xfffffffe;
const FREE = 0xffffffff;
const FATSECT = 0xfffffffd;

/** A version-3 OLE2 file: header, then `sectors` 512-byte sectors; the FAT is sector 0. */
function container(sectors: number, fat: number[], firstDir: number): Uint8Array {
  const bytes = new Uint8Array(SECTOR * (sectors + 1));
  const v = new DataView(bytes.buffer);
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].forEach((b, i) => (bytes[i] = b));
  v.setUint16(0x18, 0x3e, true);
  v.setUint16(0x1a, 3, true);
  v.setUint16(0x1c, 0xfffe, true);
  v.setUint16(0x1e, 9, true);
  v.setUint16(0x20, 6, true);
  v.setUint32(0x2c, 1, true); // one FAT sector
  v.setUint32(0x30, firstDir, true);
  v.setUint32(0x38, 4096, true);
  v.setUint32(0x3c, END, true);
  v.setUint32(0x44, END, true);
  for (let i = 0; i < 109; i++) v.setUint32(0x4c + i * 4, i === 0 ? 0 : FREE, true);
  for (let i = 0; i < SECTOR / 4; i++) v.setUint32(SECTOR + i * 4, i < fat.length ? fat[i] : FREE, true);
  return bytes;
}

/** Writes directory entry `i` (128 bytes) into sector `dirSector`. */
function dirEntry(bytes: Uint8Array, dirSector: number, i: number, name: string, type: number, child = FREE, left = FREE, right = FREE, start = END, size = 0) {
  const o = SECTOR * (dirSector + 1) + i * 128;
  const v = new DataView(bytes.buffer);
  for (let k = 0; k < name.length; k++) v.setUint16(o + k * 2, name.charCodeAt(k), true);
  v.setUint16(o + 64, (name.length + 1) * 2, true);
  bytes[o + 66] = type;
  v.setUint32(o + 68, left, true);
  v.setUint32(o + 72, right, true);
  v.setUint32(o + 76, child, true);
  v.setUint32(o + 116, start, true);
  v.setUint32(o + 120, size, true);
}

function importError(bytes: Uint8Array): ImportError {
  const t0 = performance.now();
  let error: unknown;
  try {
    readMpp(bytes, { fileName: 'plan.mpp' });
  } catch (e) {
    error = e;
  }
  expect(performance.now() - t0).toBeLessThan(2000);
  expect(error).toBeInstanceOf(ImportError);
  expect((error as Error).message).toContain('plan.mpp');
  return error as ImportError;
}

describe('hostile .mpp containers', () => {
  it('refuses a zero-filled file as not OLE2', () => {
    expect(importError(new Uint8Array(4096)).message).toMatch(/OLE2 signature/);
  });

  it('refuses a file cut inside its header', () => {
    const bytes = container(2, [FATSECT, END], 1).subarray(0, 300);
    expect(importError(bytes).message).toMatch(/shorter than its 512-byte header/);
  });

  it('refuses a directory chain that loops (FAT entry pointing to itself) without hanging', () => {
    const bytes = container(2, [FATSECT, 1], 1);
    dirEntry(bytes, 1, 0, 'Root Entry', 5);
    expect(importError(bytes).message).toMatch(/directory chain loops/);
  });

  it('refuses a FAT chain that runs past the end of the file', () => {
    const bytes = container(2, [FATSECT, 7], 1);
    dirEntry(bytes, 1, 0, 'Root Entry', 5);
    expect(importError(bytes).message).toMatch(/does not exist|past the end/);
  });

  it('refuses a directory tree whose sibling links form a cycle', () => {
    const bytes = container(2, [FATSECT, END], 1);
    dirEntry(bytes, 1, 0, 'Root Entry', 5, 1);
    dirEntry(bytes, 1, 1, 'a', 2, FREE, 2);
    dirEntry(bytes, 1, 2, 'b', 2, FREE, 1);
    expect(importError(bytes).message).toMatch(/directory tree loops/);
  });

  it('refuses a stream whose chain loops', () => {
    const bytes = container(3, [FATSECT, END, 2], 1);
    dirEntry(bytes, 1, 0, 'Root Entry', 5, 1);
    dirEntry(bytes, 1, 1, '   114', 1, 2);
    dirEntry(bytes, 1, 2, 'Props', 2, FREE, FREE, FREE, 2, 8192);
    const cfb = openCfb(bytes);
    expect(() => cfb.read(cfb.root.children.get('   114')?.children.get('Props'))).toThrow(/loops/);
    expect(importError(bytes)).toBeInstanceOf(ImportError);
  });

  it('refuses an OLE2 file that is not a project plan (no project storage)', () => {
    const bytes = container(2, [FATSECT, END], 1);
    dirEntry(bytes, 1, 0, 'Root Entry', 5, 1);
    dirEntry(bytes, 1, 1, 'WordDocument', 2);
    expect(importError(bytes).message).toMatch(/not a Microsoft Project plan/);
  });
});

const SAMPLE = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mpp/aspose_Residential_Construction.mpp');
describe.skipIf(!existsSync(SAMPLE))('damaged copies of a real plan (aspose_Residential_Construction.mpp)', () => {
  const original = new Uint8Array(readFileSync(SAMPLE));

  it('every truncation either reads or fails with an ImportError, quickly', () => {
    for (let k = 1; k < 40; k++) {
      const cut = original.subarray(0, Math.floor((original.length * k) / 40));
      try {
        readMpp(cut, { fileName: 'plan.mpp' });
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError);
      }
    }
  });

  it('random byte damage either reads or fails with an ImportError (seeded, 60 copies)', () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 60; k++) {
      const copy = original.slice();
      for (let j = 0; j < 40; j++) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
      try {
        readMpp(copy, { fileName: 'plan.mpp' });
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError);
      }
    }
  });

  it('a password-protected copy is refused with a message saying so and what to do', () => {
    const locked = withOpenPassword(original);
    expect(readMpp(original).schedules[0].activities.length).toBeGreaterThan(0);
    const message = importError(locked).message;
    expect(message).toMatch(/protected by a password/);
    expect(message).toMatch(/remove the password/);
  });

  it('zeroing the whole FAT region gives an ImportError', () => {
    const copy = original.slice();
    copy.fill(0, 512, 512 * 8);
    importError(copy);
  });
});
