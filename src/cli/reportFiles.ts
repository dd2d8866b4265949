/**
 * `--pdf FILE` and `--xlsx FILE`: the app's report builders (src/core/report), run on the CLI's
 * analysis, written to disk. Where a file cannot be written is checked before the analysis runs,
 * so a typo in a folder name costs no time, and the message says which file and what to do.
 */
import { access, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { BreakdownNode } from '../core/evm';
import type { DashboardData } from '../core/insight';
import type { Schedule } from '../core/model';
import { reportActivityRows } from '../core/report/activityRows';
import { buildPdf } from '../core/report/pdf';
import type { Paper, ReportInput } from '../core/report/types';
import { buildWorkbook } from '../core/report/xlsx';

export class OutputError extends Error {
  override name = 'OutputError';
}

/** Throws an OutputError naming the file when it cannot be written (missing folder, no permission, a folder in the way). */
export async function checkWritable(path: string, option: string): Promise<void> {
  const full = resolve(path);
  const dir = dirname(full);
  const st = await stat(full).catch(() => null);
  if (st?.isDirectory()) throw new OutputError(`${option} ${path}: that is a folder; give a file name inside it, e.g. ${path.replace(/[/\\]+$/, '')}/report.${option.slice(2)}.`);
  const d = await stat(dir).catch(() => null);
  if (!d || !d.isDirectory()) throw new OutputError(`${option} ${path}: the folder ${dir} does not exist. Create it or choose another place.`);
  try {
    await access(st ? full : dir, constants.W_OK);
  } catch {
    throw new OutputError(`${option} ${path}: cannot write there (permission denied). Choose a folder you can write to.`);
  }
}

export interface ReportTargets {
  pdf?: string;
  xlsx?: string;
  paper: Paper;
}

/** Builds and writes the reports asked for; returns one line per file written. */
export async function writeReports(
  data: DashboardData,
  schedule: Schedule | undefined,
  targets: ReportTargets,
  now: Date = new Date(),
  controlAccounts: BreakdownNode | null = null,
): Promise<string[]> {
  const input: ReportInput = {
    dashboard: data,
    controlAccounts,
    variances: [],
    comments: [],
    activities: schedule ? reportActivityRows(schedule, data.analysis) : null,
    generatedAt: now.toISOString(),
  };
  const done: string[] = [];
  const write = async (path: string, option: string, bytes: Uint8Array) => {
    try {
      await writeFile(path, bytes);
    } catch (e) {
      throw new OutputError(`${option} ${path}: could not write the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
    }
    done.push(`wrote ${path} (${Math.max(1, Math.round(bytes.byteLength / 1024))} KB)`);
  };
  if (targets.pdf) await write(targets.pdf, '--pdf', (await buildPdf(input, targets.paper)).bytes);
  if (targets.xlsx) await write(targets.xlsx, '--xlsx', (await buildWorkbook(input)).bytes);
  return done;
}
