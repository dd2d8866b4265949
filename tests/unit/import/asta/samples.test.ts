/**
 * Real Powerproject files, read in place from the shared sample corpus when any are there. Today
 * the corpus has none (../shared/samples/schedules/asta/NO_PUBLIC_FILES_FOUND.md), so this test
 * only says so; the day a real .pp is added it must import with activities, or be refused with an
 * ImportError that names the file, never crash.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASTA_NOTICE, prepareAsta, readAsta } from '../../../../src/core/import/asta';
import { ImportError } from '../../../../src/core/import/types';

const DIR = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/asta');
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.toLowerCase().endsWith('.pp')) : [];
if (!files.length) console.warn(`[asta tests] no real .pp files in ${DIR} (none are public); only the built test files are read.`);

beforeAll(async () => {
  await prepareAsta();
});

describe.skipIf(files.length === 0)('real Powerproject files in the corpus', () => {
  it.each(files)('%s imports, or is refused with a message naming it', (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(DIR, name)));
    try {
      const s = readAsta(bytes, { fileName: name }).schedules[0];
      expect(s.activities.length).toBeGreaterThan(0);
      expect(s.source?.warnings[0].message).toBe(ASTA_NOTICE);
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as Error).message.startsWith(`${name}: `)).toBe(true);
    }
  });
});

it('the corpus folder says why it has no files', () => {
  if (!existsSync(DIR)) return;
  expect(files.length > 0 || existsSync(path.join(DIR, 'NO_PUBLIC_FILES_FOUND.md'))).toBe(true);
});
