/**
 * `npm run analyse -- <file> [options]`: prints the measures, earned schedule, forecasts, top
 * variances, alerts and commentary of a canonical-model JSON schedule or a CSV period table.
 * Bad input prints one line naming the problem and exits 1; bad options exit 2.
 */
import { basename } from 'node:path';
import { evaluateAlerts, writeCommentary } from '../core/insight';
import { USAGE, UsageError, parseAnalyseArgs } from './args';
import { analyseFile } from './load';
import { textReport } from './textReport';
import { jsonReport } from './jsonReport';

export async function main(argv: string[], out: (s: string) => void, err: (s: string) => void): Promise<number> {
  let args;
  try {
    args = parseAnalyseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`earnest analyse: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  if (args === 'help') {
    out(`${USAGE}\n`);
    return 0;
  }
  try {
    const analysis = await analyseFile(args);
    const alerts = evaluateAlerts(analysis);
    const commentary = writeCommentary(analysis);
    out(args.json ? `${JSON.stringify(jsonReport(analysis, alerts, commentary), null, 2)}\n` : textReport(analysis, alerts, commentary));
    return 0;
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    const name = basename(args.file);
    err(`earnest analyse: ${msg.includes(name) ? msg : `${name}: ${msg}`}\n`);
    return 1;
  }
}

// Run when executed directly (tsx src/cli/analyse.ts …), not when imported by tests.
if (process.argv[1] && /analyse\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2), (s) => process.stdout.write(s), (s) => process.stderr.write(s)).then((code) => {
    process.exitCode = code;
  });
}
