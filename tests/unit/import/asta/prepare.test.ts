/**
 * readAsta on an SQLite .pp before prepareAsta() resolved is a programming error (the worker must
 * await prepareAsta first), not the user's fault: a plain Error that says so. The text form needs
 * no WebAssembly. This file runs in its own module context, so sql.js is not yet prepared here.
 */
import { describe, expect, it } from 'vitest';
import { prepareAsta, readAsta } from '../../../../src/core/import/asta';
import { ImportError } from '../../../../src/core/import/types';
import { sqlitePp, textPp } from './build';

describe('prepareAsta', () => {
  it('the text form reads without it; the SQLite form needs it, and says so', async () => {
    expect(readAsta(textPp(), { fileName: 'a.pp' }).schedules[0].activities).toHaveLength(5);
    const bytes = await sqlitePp();
    let error: unknown;
    try {
      readAsta(bytes, { fileName: 'b.pp' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/before prepareAsta\(\) resolved/);
    await Promise.all([prepareAsta(), prepareAsta()]);
    expect(readAsta(bytes, { fileName: 'b.pp' }).schedules[0].activities).toHaveLength(5);
  });
});
