/**
 * `npm run analyse -- <file> [options]`: prints the measures, earned schedule, forecasts, top
 * variances, alerts and commentary of a canonical-model JSON schedule or a CSV period table.
 * Bad input prints one line naming the problem and exits 1; bad options exit 2.
 */
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dashboardOf } from '../core/insight';
import { USAGE, UsageError, parseAnalyseArgs } from './args';
import { analyseFile, analyseWithBreakdown } from './load';
import { textReport } from './textReport';
import { jsonReport } from './jsonReport';
import { riskText, runCliRisk, type CliRiskReport } from './risk';
import { OutputError, checkWritable, writeReports } from './reportFiles';

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
    // Before the analysis: a report that cannot be written is said at once.
    if (args.pdf) await checkWritable(args.pdf, '--pdf');
    if (args.xlsx) await checkWritable(args.xlsx, '--xlsx');
  } catch (e) {
    if (e instanceof OutputError) {
      err(`earnest analyse: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  try {
    const { analysis, ignored, importWarnings, schedule } = await analyseFile(args);
    for (const option of ignored) err(`earnest analyse: warning: ${option}\n`);
    const data = dashboardOf(analysis, { eacMethod: args.eacMethod, lastN: args.lastN });
    let risk: CliRiskReport | null = null;
    if (args.risk) {
      if (!schedule) throw new Error('--risk needs a schedule with activities and their logic; this file is a period table (PV, EV and AC by period), which has none. Give the schedule (.xer, .xml or an activity list) instead.');
      risk = runCliRisk(schedule, { iterations: args.iterations, seed: args.seed });
    }
    if (args.json) out(`${JSON.stringify({ ...jsonReport(analysis, data.alerts, data.commentary, importWarnings), ...(risk ? { risk } : {}) }, null, 2)}\n`);
    else out(textReport(data, importWarnings) + (risk ? riskText(risk, analysis.project.currency) : ''));
    // Notes on files written go to stderr, so stdout stays the report (and --json stays JSON).
    if (args.pdf || args.xlsx) {
      // The status report's breakdown is by control account whenever the schedule has them.
      const accounts = schedule && args.by !== 'control-account' ? analyseWithBreakdown(schedule, args, 'control-account').breakdown : null;
      for (const line of await writeReports(data, schedule, args, new Date(), accounts)) err(`earnest analyse: ${line}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof OutputError) {
      err(`earnest analyse: ${e.message}\n`);
      return 1;
    }
    const msg = (e as Error).message ?? String(e);
    const name = basename(args.file);
    err(`earnest analyse: ${msg.includes(name) ? msg : `${name}: ${msg}`}\n`);
    return 1;
  }
}

// Run when executed directly (tsx src/cli/analyse.ts, or node on a compiled analyse.js), not
// when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2), (s) => process.stdout.write(s), (s) => process.stderr.write(s)).then((code) => {
    process.exitCode = code;
  });
}
