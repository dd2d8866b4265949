/**
 * The data worker's change-control calls (contracts.ts ChangesApi, issue 14). Each call works in
 * the store of the team space that holds the project, as the signed-in user, with their role there.
 */
import { reconcile } from '../../core/changes/reconcile';
import { earliestLineDay } from '../../core/changes/transitions';
import { dateOnly, MINUTES_PER_DAY, tryToMinutes } from '../../core/model/dates';
import { periodGrid } from '../../core/evm/periods';
import type { BreakdownNode } from '../../core/evm/types';
import type { AccountSession } from '../account';
import { collabContext, type Identity } from '../collab/context';
import type { ChangeAccountOption, ChangeLog, ChangePeriodOption, ChangesApi, DashboardResult } from '../contracts';
import { projectDashboard } from '../dashboard';
import type { LocalStore } from '../store';
import { guarded, StoreError } from '../store/errors';
import { isValidId } from '../store/ids';
import { coreOf } from './docs';
import { APPROVER_ROLES, createChange, deleteChange, editChange, listAudit, listChangeViews, readReserves, resolveChangeConflict, setChangeStatus, setReserves, type ChangeContext } from './log';

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
  return projectId;
}

/** The project's latest status date: its latest import's, else the end of its latest period table's last period. */
async function latestStatusDate(store: LocalStore, projectId: string): Promise<string | null> {
  const row = (await store.listImports(projectId)).at(-1);
  if (row) return row.statusDate ?? row.dataDate ?? null;
  const table = (await store.listPeriodTables(projectId)).at(-1);
  return table?.table.rows.at(-1)?.end ?? null;
}

/** Breakdown nodes a line can be written against: every node but the project and the "(none)" groups. */
function accountsOf(root: BreakdownNode | null): ChangeAccountOption[] {
  const out: ChangeAccountOption[] = [];
  const walk = (n: BreakdownNode) => {
    if (n.kind !== 'project' && !n.id.startsWith('(')) out.push({ id: n.id, kind: n.kind, code: n.code, name: n.name, bac: n.cost.bac.value });
    n.children.forEach(walk);
  };
  if (root) walk(root);
  return out;
}

/** A year of periods after the plan's last one: added scope often falls after today's finish. */
const EXTRA_MINUTES = 366 * MINUTES_PER_DAY;

/** The analysis's periods that end after the status date, each from the first day a line may use, then a year more. */
function periodsOf(data: DashboardResult, earliest: string | null, periods: 'week' | 'month'): ChangePeriodOption[] {
  const out: ChangePeriodOption[] = [];
  const series = data.analysis.series;
  series.forEach((p, i) => {
    const end = p.period.end ? tryToMinutes(p.period.end) : null;
    const prev = i > 0 && series[i - 1].period.end ? tryToMinutes(series[i - 1].period.end as string) : null;
    if (end === null) return;
    const last = dateOnly(end - MINUTES_PER_DAY);
    let from = prev === null ? dateOnly(end - 7 * MINUTES_PER_DAY) : dateOnly(prev);
    if (earliest && from < earliest) from = earliest;
    if (from > last) return;
    out.push({ label: p.period.label, from, to: last });
  });
  const lastEnd = series.at(-1)?.period.end;
  const end = lastEnd ? tryToMinutes(lastEnd) : null;
  if (end !== null) {
    const more = periodGrid(periods === 'week' ? { kind: 'week', anchor: end } : { kind: 'month' }, end, end + EXTRA_MINUTES);
    more.ends.forEach((e, i) => {
      const start = i === 0 ? more.start : more.ends[i - 1];
      if (e <= end || start < end) return;
      const from = dateOnly(start);
      out.push({ label: more.labels[i], from: earliest && from < earliest ? earliest : from, to: dateOnly(e - MINUTES_PER_DAY) });
    });
  }
  return out;
}

export function changesHandlers(session: AccountSession, who: Identity, opts: { buildId: string; now?: () => Date }): ChangesApi {
  const now = opts.now ?? (() => new Date());
  const ctx = async (projectId: unknown): Promise<[ChangeContext, string, LocalStore]> => {
    const id = checkProjectId(projectId);
    const space = await session.spaceOf(id);
    const store = space.store;
    const c: ChangeContext = {
      ...collabContext(store, who, () => now().getTime()),
      role: space.team.role,
      statusDate: () => latestStatusDate(store, id),
      notify: () => store.notifyChanged(),
    };
    return [c, id, store];
  };
  const run =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      session.run(() => f(...args));
  return {
    listChanges: run(async (projectId, options = {}) => {
      const [c, id, store] = await ctx(projectId);
      const read = await guarded(async () => ({ changes: await listChangeViews(c, id), reserves: await readReserves(c, id), statusDate: await c.statusDate() }), 'reading the change log');
      const { changes, reserves, statusDate } = read;
      const earliest = statusDate ? earliestLineDay(statusDate) : null;
      const writable = !store.readOnly && !store.writeRefusal;
      const canApprove = writable && APPROVER_ROLES.includes(c.role);
      // The analysis (cached like the dashboard's): by control account when the schedule has them.
      let data: DashboardResult | null = null;
      let why: string | undefined;
      try {
        const at = (breakdown: 'wbs' | 'control-account') => projectDashboard(store, id, { breakdown, periods: options.periods ?? 'month' }, now(), opts.buildId);
        data = await at(options.breakdown ?? 'control-account');
        if (accountsOf(data.analysis.breakdown).length === 0 && options.breakdown === undefined) data = await at('wbs');
      } catch (e) {
        why = `The budget cannot be reconciled until the project has a status Earnest can analyse: ${e instanceof Error ? e.message : String(e)}`;
      }
      let reconciliation = null;
      if (data && data.analysis.measureBasis !== 'cost') why = 'This project is measured in hours or units, not cost, so its budget in money cannot be reconciled: import a schedule with costs.';
      else if (data) {
        const bac = data.analysis.cost.bac.value ?? 0;
        reconciliation = reconcile(bac - (data.changeControl?.bacChange ?? 0), reserves, changes.map(coreOf));
      }
      const log: ChangeLog = {
        changes,
        reserves,
        reconciliation,
        ...(why ? { reconciliationNote: why } : {}),
        statusDate,
        earliestLineDay: earliest,
        currency: data?.analysis.project.currency ?? 'GBP',
        accounts: data ? accountsOf(data.analysis.breakdown) : [],
        periods: data ? periodsOf(data, earliest, options.periods ?? 'month') : [],
        canEdit: writable,
        canApprove,
        ...(!canApprove ? { roleNote: store.writeRefusal ?? store.readOnly?.message ?? `Your role in this team is ${c.role}: an editor, admin or owner approves or rejects changes.` } : {}),
      };
      return log;
    }),
    saveChange: run(async (projectId, changeId, fields, seen) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => (changeId === null ? createChange(c, id, fields) : editChange(c, id, changeId, fields, seen)), 'saving the change');
    }),
    setChangeStatus: run(async (projectId, changeId, status, note) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => setChangeStatus(c, id, changeId, status, note), 'changing the change’s status');
    }),
    resolveChangeConflict: run(async (projectId, changeId, field, value) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => resolveChangeConflict(c, id, changeId, field, value), 'keeping the version you chose');
    }),
    deleteChange: run(async (projectId, changeId) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => deleteChange(c, id, changeId), 'deleting the change');
    }),
    changeAudit: run(async (projectId, changeId) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => listAudit(c, id, changeId), 'reading the audit trail');
    }),
    setReserves: run(async (projectId, reserves, seen) => {
      const [c, id] = await ctx(projectId);
      return guarded(() => setReserves(c, id, reserves, seen), 'saving the reserves');
    }),
  };
}
