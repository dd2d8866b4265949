/**
 * MS Project XML (MSPDI) reader benchmark: bytes → canonical model on synthetic files written by
 * src/core/model/writers/mspdi.ts from the seeded generator (seed 42), 1k and 10k activities
 * (10k ≈ 40 MB with assignments, baselines and time-phased data). Target from the issue: a 10k
 * file under 300 ms, peak memory under 3× the file size.
 *
 * The other cases are the approaches measured before writing the byte scanner, kept so
 * bench/RESULTS.md can show why (see src/core/import/xml/scanner.ts): a DOM parse with txml or
 * fast-xml-parser (given the already-decoded string, so decoding is not in their time), and
 * TextDecoder alone, the floor under any string-based scanner.
 *
 * Generated files are cached in bench/out/ (git-ignored); delete them after changing the writer.
 * Run on its own with `npx tsx bench/mspdi.bench.ts` (each case in a fresh process, as the
 * harness describes, so peak memory is the case's own).
 *
 * Measured when this was written (Node 20, the 2-core machine, each case in its own process, a
 * quiet moment): 10k file 37.8 MiB → model median 191 ms (184–228), typed records only 160 ms,
 * TextDecoder alone 74 ms, txml 1.45 s, fast-xml-parser 3.8 s; 1k file 3.8 MiB → model 17 ms.
 * A single cold read of the 10k file (first call, JIT not warm) took ~360 ms and peaked ~60 MiB
 * above the input. With other jobs loading the machine the 10k median rose to 290–350 ms.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { parse as txmlParse } from 'txml';
import { readMspdi, parseMspdiDocument } from '../src/core/import/mspdi';
import { syntheticSchedule } from '../src/core/model/synthetic';
import { writeMspdi } from '../src/core/model/writers/mspdi';
import { sizeLabel, type BenchSuite } from './harness';

export interface MspdiBenchContext {
  bytes: Uint8Array;
  /** The same file decoded, for the string-based alternatives (decoding not timed there). */
  text: string;
}

const SEED = 42;
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'out');

/** The synthetic MSPDI file for `size` activities, generated once and cached. */
export function mspdiBenchFile(size: number): Uint8Array {
  const file = path.join(OUT, `mspdi-${size}-seed${SEED}.xml`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  mkdirSync(OUT, { recursive: true });
  const bytes = new TextEncoder().encode(writeMspdi(syntheticSchedule({ activities: size, seed: SEED })));
  writeFileSync(file, bytes);
  return bytes;
}

export const mspdiSuite: BenchSuite<MspdiBenchContext> = {
  id: 'mspdi',
  sizes: [1_000, 10_000],
  label: sizeLabel,
  setup(size) {
    const bytes = mspdiBenchFile(size);
    return { bytes, text: new TextDecoder().decode(bytes) };
  },
  cases(size) {
    const big = size >= 10_000;
    return [
      {
        name: 'MSPDI → model',
        note: `${big ? '≈40' : '≈4'} MB file`,
        targetMs: size === 10_000 ? 300 : undefined,
        runs: big ? 10 : 30,
        fn: (ctx) => readMspdi(ctx.bytes),
      },
      {
        // One read in a fresh process: its peak RSS above setup is the memory one import needs
        // (the repeated runs above leave earlier runs' garbage for V8 to collect lazily), and its
        // time is what a user waits for on a cold worker.
        name: 'MSPDI → model, one cold read',
        note: 'peak memory of a single import',
        runs: 1,
        warmup: 0,
        fn: (ctx) => readMspdi(ctx.bytes),
      },
      { name: 'MSPDI → typed records only (byte scanner, no mapping)', runs: big ? 10 : 30, fn: (ctx) => parseMspdiDocument(ctx.bytes) },
      { name: 'alternative: TextDecoder only (floor of a string scanner)', runs: big ? 10 : 30, fn: (ctx) => new TextDecoder().decode(ctx.bytes).length },
      { name: 'alternative: txml DOM parse, no mapping', runs: big ? 3 : 10, warmup: 1, fn: (ctx) => txmlParse(ctx.text) },
      {
        name: 'alternative: fast-xml-parser DOM parse, no mapping',
        runs: big ? 3 : 5,
        warmup: 1,
        fn: (ctx) => new XMLParser({ processEntities: false, ignoreAttributes: true }).parse(ctx.text),
      },
    ];
  },
};
