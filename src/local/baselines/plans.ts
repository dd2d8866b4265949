/**
 * From a baseline's source to its plan (core/evm/baselines.ts), and the PMB step of the dashboard:
 * the analysis measures PV and BAC against the project's PMB (`pmbOf`), an input transformation
 * before analyseSchedule, so the engine itself knows nothing of baselines.
 *
 * Plans are kept in memory for the last few sources: a source names an immutable import, so its
 * plan never goes stale, and reopening a dashboard does not read the import again.
 */
import { applyBaseline, planOfCurrent, planOfFile, planOfStored, type BaselinePlan } from '../../core/evm/baselines';
import type { Schedule } from '../../core/model';
import { formatDate } from '../../core/format/dates';
import { CURRENT_STATUS, LATEST_FILE_BASELINE, type BaselineRef, type BaselineSource, type ImportSummaryRow, type MeasuredPmb } from '../contracts';
import type { LocalStore } from '../store';
import { StoreError } from '../store/errors';
import { readBaseline, readPmb } from './docs';

const KEEP = 4;
const plans = new Map<string, BaselinePlan>();

const importName = (row: ImportSummaryRow | undefined): string => {
  if (!row) return 'an import that is not on this device';
  const date = row.statusDate ?? row.dataDate;
  return `${row.fileName}${date ? ` (status ${formatDate(date)})` : ''}`;
};

/** "Baseline 2 in tower.xml (status 1 Mar 2024)". */
export function sourceLabel(source: BaselineSource, row: ImportSummaryRow | undefined, storedName?: string): string {
  switch (source.kind) {
    case 'file':
      return `Baseline fields of ${importName(row)}`;
    case 'current':
      return `Current dates and budgets of ${importName(row)}`;
    case 'stored':
      return `${storedName ?? 'A baseline'} in ${importName(row)}`;
  }
}

/** The plan a source gives. Throws not-found when its import or its baseline is not here. */
export async function planOfSource(store: LocalStore, projectId: string, source: BaselineSource, name: string): Promise<BaselinePlan> {
  const key = `${store.name}|${projectId}|${source.kind}|${source.importId}|${source.kind === 'stored' ? source.baselineId : ''}`;
  let plan = plans.get(key);
  if (!plan) {
    const schedule = await store.loadImport(projectId, source.importId);
    if (source.kind === 'file') plan = planOfFile(schedule);
    else if (source.kind === 'current') plan = planOfCurrent(schedule);
    else {
      const stored = planOfStored(schedule, source.baselineId);
      if (!stored) throw new StoreError('not-found', `The import ${schedule.source?.fileName ?? ''} holds no baseline "${source.baselineId}". Choose another source.`);
      plan = stored;
    }
    plans.set(key, plan);
    if (plans.size > KEEP) plans.delete(plans.keys().next().value as string);
  }
  return { ...plan, name };
}

async function latestImport(store: LocalStore, projectId: string): Promise<ImportSummaryRow> {
  const row = (await store.listImports(projectId)).at(-1);
  if (!row) throw new StoreError('not-found', 'This project has no schedule import yet, so it has no baseline to compare. Import a schedule first.');
  return row;
}

/** The plan a compare side names: a baseline, the built-in one, or the current status. */
export async function planOfRef(store: LocalStore, projectId: string, ref: BaselineRef): Promise<BaselinePlan> {
  if (ref === LATEST_FILE_BASELINE || ref === CURRENT_STATUS) {
    const latest = await latestImport(store, projectId);
    return ref === CURRENT_STATUS
      ? planOfSource(store, projectId, { kind: 'current', importId: latest.importId }, 'Current status')
      : planOfSource(store, projectId, { kind: 'file', importId: latest.importId }, 'Baseline in the latest import');
  }
  const b = await readBaseline(store.pouch, projectId, ref);
  if (!b) throw new StoreError('not-found', 'That baseline is not in this project any more (it may have been deleted on another device). Choose another one.');
  return planOfSource(store, projectId, b.source, b.name);
}

export interface Pmb {
  /** Part of the dashboard's cache key: '' for the built-in baseline, so those entries stay as they were. */
  key: string;
  /** False once `apply` fell back to the built-in baseline (an import still arriving): that result is not cached. */
  cacheable: boolean;
  /** The schedule measured against the PMB, with what the user should know among its warnings. */
  apply(schedule: Schedule): Promise<Schedule>;
  /** What the figures say they are measured against; `apply` turns it to the built-in one when it falls back. */
  measured: MeasuredPmb;
}

const BUILT_IN_PMB: MeasuredPmb = { name: 'Baseline in the latest import', builtIn: true };

const withWarnings = (schedule: Schedule, warnings: { message: string; where?: string }[]): Schedule =>
  warnings.length === 0 || !schedule.source ? schedule : { ...schedule, source: { ...schedule.source, warnings: [...schedule.source.warnings, ...warnings] } };

/** The project's PMB as the dashboard applies it. */
export async function pmbOf(store: LocalStore, projectId: string): Promise<Pmb> {
  const { baselineId } = await readPmb(store.pouch, projectId);
  if (baselineId === LATEST_FILE_BASELINE) return { key: '', cacheable: true, apply: async (s) => s, measured: BUILT_IN_PMB };
  const b = await readBaseline(store.pouch, projectId, baselineId);
  if (!b) {
    // Deleted on a device that had not seen it chosen as the PMB: the figures fall back, and say so.
    const message = 'The performance measurement baseline chosen for this project is no longer here (deleted on another device), so the figures use the baseline in the latest import. Choose a PMB on the Baselines tab.';
    return { key: `|pmb missing ${baselineId}`, cacheable: true, apply: async (s) => withWarnings(s, [{ message, where: 'Baselines' }]), measured: BUILT_IN_PMB };
  }
  const pmb: Pmb = {
    key: `|pmb ${baselineId}`,
    cacheable: true,
    measured: { name: b.name, builtIn: false },
    async apply(schedule) {
      let plan: BaselinePlan;
      try {
        plan = await planOfSource(store, projectId, b.source, b.name);
      } catch (e) {
        if (!(e instanceof StoreError) || (e.code !== 'not-found' && e.code !== 'incomplete')) throw e;
        const message = `The performance measurement baseline "${b.name}" cannot be read on this device yet (${e.message}) The figures use the baseline in the latest import until it can.`;
        pmb.cacheable = false;
        pmb.measured = BUILT_IN_PMB;
        return withWarnings(schedule, [{ message, where: 'Baselines' }]);
      }
      const applied = applyBaseline(schedule, plan);
      const note = { message: `PV and BAC are measured against the performance measurement baseline "${b.name}".`, where: 'Baselines' };
      return withWarnings(applied.schedule, [note, ...applied.warnings]);
    },
  };
  return pmb;
}
