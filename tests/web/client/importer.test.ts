/**
 * The import job's guards that act before any worker starts: a file over the size limit is refused
 * with a message naming it, its size and what to do, and no worker is ever created.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportJobError, MAX_IMPORT_BYTES, startImport } from '../../../src/client/importer';

describe('startImport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a 500 MB file before reading it, and starts no worker', async () => {
    const created: unknown[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          created.push(this);
        }
      },
    );
    let read = false;
    const huge = {
      name: 'whole-programme.xer',
      size: 500 * 1024 * 1024,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    } as unknown as Blob & { name: string };
    const job = startImport(huge);
    const err = await job.result.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportJobError);
    expect((err as ImportJobError).reason).toBe('too-large');
    expect((err as Error).message).toBe(
      `whole-programme.xer is 500 MB, over the ${MAX_IMPORT_BYTES / 1048576} MB limit for one import. Export just the project you need (in P6, one project without bloat tables such as POBS and RISKTYPE) and import that.`,
    );
    expect(read).toBe(false);
    expect(created).toHaveLength(0);
  });
});
