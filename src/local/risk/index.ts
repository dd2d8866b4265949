/**
 * The data worker's risk calls (contracts.ts RiskApi, issue 15): the project's risk setup, the
 * model a run needs (built here from the latest import, its typed arrays transferred to the page
 * that hands them to the risk workers), and risk snapshots. Like the other team documents, a
 * viewer reads but changes nothing (the gateway would refuse it), collab/context.ts.
 */
import { transfer } from 'comlink';
import type { Schedule } from '../../core/model';
import { resolveUncertainty, type ActivityUncertainty } from '../../core/risk/uncertainty';
import { riskModelFromSchedule, RiskSetupError } from '../../core/risk/fromSchedule';
import { RiskModelError } from '../../core/risk/model';
import type { DurationDistribution } from '../../core/risk/distributions';
import type { AccountSession } from '../account';
import { collabContext, type CollabContext, type Identity } from '../collab/context';
import {
  RISK_SNAPSHOT_MAX_BYTES,
  type ConflictVersion,
  type RiskActivityRange,
  type RiskApi,
  type RiskProjectSetup,
  type RiskRunModel,
  type RiskSetupView,
  type RiskSnapshot,
  type RiskSnapshotInput,
  type RiskSnapshotResults,
  type RiskSnapshotRow,
  type SeenToken,
} from '../contracts';
import type { LocalStore } from '../store';
import { guarded, StoreError } from '../store/errors';
import { hashText, isValidId, newId } from '../store/ids';
import { deleteMutable, readMutable, seenOf, writeFields, type FieldConflict, type Json } from '../sync/mutable';
import { checkRiskName, checkSetup, checkSnapshotId, defaultSetup, randomSeed, riskSetupDocId, riskSnapshotDocId, rulesSummary, SETUP_FIELDS } from './docs';

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
  return projectId;
}

const NO_SCHEDULE = 'This project has no imported schedule, so there is nothing to simulate: import a P6 XER or MS Project XML with its logic into it.';

/** Low / most likely / high of a distribution, hours (lognormal and trigen by their P10 / P90). */
function threePointOf(d: DurationDistribution): [number, number, number] {
  switch (d.kind) {
    case 'triangular':
    case 'pert':
      return [d.min, d.mostLikely, d.max];
    case 'uniform':
      return [d.min, (d.min + d.max) / 2, d.max];
    case 'trigen':
      return [d.low, d.mostLikely, d.high];
    case 'lognormal':
      return d.by === 'p10-p90' ? [d.p10, Math.sqrt(d.p10 * d.p90), d.p90] : [d.mean - d.sd, d.mean, d.mean + d.sd];
  }
}

function sourceLabel(u: ActivityUncertainty): string {
  switch (u.source.kind) {
    case 'override':
      return 'Override';
    case 'rule':
      return `Rule: ${u.source.ruleName}`;
    case 'file':
      return `File: ${u.source.fields}`;
    case 'default':
      return 'Default rule';
    case 'none':
      return `None (${u.source.reason})`;
  }
}

function rangesOf(schedule: Schedule, setup: RiskProjectSetup): RiskActivityRange[] {
  const byId = new Map(schedule.activities.map((a) => [a.id, a]));
  const out: RiskActivityRange[] = [];
  for (const u of resolveUncertainty(schedule, { rules: setup.rules, overrides: setup.overrides })) {
    const a = byId.get(u.activityId);
    if (!a || a.type === 'summary' || a.type === 'level-of-effort') continue;
    const t = u.distribution ? threePointOf(u.distribution) : null;
    out.push({
      activityId: u.activityId,
      code: a.code || a.id,
      name: a.name,
      remaining: u.remaining,
      low: t ? t[0] : null,
      mostLikely: t ? t[1] : null,
      high: t ? t[2] : null,
      distribution: u.distribution ? u.distribution.kind : null,
      source: sourceLabel(u),
    });
  }
  return out;
}

/** Every ArrayBuffer under a value, once each (to transfer instead of copying). */
function buffersOf(v: unknown, out = new Set<ArrayBuffer>(), depth = 0): Set<ArrayBuffer> {
  if (depth > 6 || !v || typeof v !== 'object') return out;
  if (ArrayBuffer.isView(v)) {
    if (v.buffer instanceof ArrayBuffer) out.add(v.buffer);
    return out;
  }
  for (const x of Array.isArray(v) ? v : Object.values(v)) buffersOf(x, out, depth + 1);
  return out;
}

const finiteOr = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) ? x : d);

/** The results a page sends, checked enough that every screen and the EV integration can read them. */
function checkResults(r: unknown): RiskSnapshotResults {
  const bad = () => new StoreError('invalid', 'These risk results are incomplete, so they were not saved. Run the simulation again.');
  if (!r || typeof r !== 'object') throw bad();
  const x = r as Partial<RiskSnapshotResults>;
  const f = x.finish;
  if (!f || typeof f !== 'object' || !f.dates || typeof f.dates.p50 !== 'string' || typeof f.dates.p80 !== 'string' || !Array.isArray(f.percentiles) || !Array.isArray(f.histogram?.edges)) throw bad();
  if (!Number.isInteger(x.iterations) || !Number.isInteger(x.seed) || !Array.isArray(x.activities) || !Array.isArray(x.tornado) || !Array.isArray(x.notes)) throw bad();
  return x as RiskSnapshotResults;
}

function nameConflict(conflicts: readonly FieldConflict[]): ConflictVersion[] | null {
  const c = conflicts.find((x) => x.field === 'name' && new Set(x.versions.map((v) => String(v.v))).size > 1);
  return c ? c.versions.map((v) => ({ value: String(v.v ?? ''), ...(v.who ? { who: v.who } : {}), at: v.at })) : null;
}

export function snapshotOf(read: { doc: Record<string, unknown>; conflicts: FieldConflict[] }): RiskSnapshot | null {
  const d = read.doc;
  if (d.type !== 'risk') return null;
  let results: RiskSnapshotResults;
  let setup: RiskProjectSetup;
  try {
    results = checkResults(d.results);
    setup = checkSetup(d.setup);
  } catch {
    return null;
  }
  const id = String(d._id).split(':')[2] ?? '';
  return {
    id,
    name: typeof d.name === 'string' ? d.name : 'Risk snapshot',
    createdAt: typeof d.createdAt === 'string' ? d.createdAt : '',
    ...(typeof d.createdBy === 'string' ? { createdBy: d.createdBy } : {}),
    seed: finiteOr(d.seed, results.seed),
    iterations: finiteOr(d.iterations, results.iterations),
    importId: typeof d.importId === 'string' ? d.importId : '',
    dataDate: typeof d.dataDate === 'string' ? d.dataDate : null,
    p50Finish: results.finish.dates.p50,
    p80Finish: results.finish.dates.p80,
    p50Cost: results.cost ? results.cost.p50 : null,
    p80Cost: results.cost ? results.cost.p80 : null,
    deterministicFinish: results.deterministicFinish,
    rulesSummary: rulesSummary(setup),
    nameConflict: nameConflict(read.conflicts),
    seen: seenOf({ doc: d }) as SeenToken,
    setup,
    results,
    ...(typeof d.elapsedMs === 'number' ? { elapsedMs: d.elapsedMs } : {}),
  };
}

const rowOf = (s: RiskSnapshot): RiskSnapshotRow => {
  const { setup: _setup, results: _results, elapsedMs: _e, ...row } = s;
  return row;
};

export function riskHandlers(session: AccountSession, who: Identity, opts: { now?: () => Date } = {}): RiskApi {
  const now = opts.now ?? (() => new Date());
  const open = async (projectId: unknown): Promise<{ id: string; store: LocalStore; c: CollabContext }> => {
    const id = checkProjectId(projectId);
    const store = (await session.spaceOf(id)).store;
    return { id, store, c: collabContext(store, who, () => now().getTime()) };
  };

  async function readSetup(store: LocalStore, projectId: string): Promise<{ setup: RiskProjectSetup; saved: boolean; conflicts: string[]; seen: SeenToken } | null> {
    const read = await readMutable(store.pouch, riskSetupDocId(projectId));
    if (!read) return null;
    const d = read.doc;
    let setup: RiskProjectSetup;
    try {
      setup = checkSetup(Object.fromEntries(SETUP_FIELDS.map((k) => [k, d[k] === null && k !== 'costUncertainty' ? undefined : d[k]])));
    } catch {
      // A setup a newer build wrote, or damaged: start from the defaults but keep the seed.
      setup = defaultSetup(Number.isInteger(d.seed) ? (d.seed as number) : randomSeed());
    }
    const conflicts = read.conflicts.filter((c) => new Set(c.versions.map((v) => JSON.stringify(v.v))).size > 1).map((c) => c.field);
    return { setup, saved: true, conflicts, seen: seenOf({ doc: d }) as SeenToken };
  }

  const writable = (c: CollabContext): boolean => {
    try {
      c.assertWritable();
      return c.userId !== null;
    } catch {
      return false;
    }
  };

  async function latestSchedule(store: LocalStore, projectId: string): Promise<{ schedule: Schedule; importId: string; dataDate: string | null } | null> {
    const row = (await store.listImports(projectId)).filter((r) => r.complete).at(-1);
    if (!row) return null;
    const schedule = await guarded(() => store.loadSchedule(projectId, row.importId), 'reading the schedule for the risk analysis');
    return { schedule, importId: row.importId, dataDate: row.dataDate ?? schedule.project.dataDate ?? null };
  }

  async function view(store: LocalStore, projectId: string, s: { setup: RiskProjectSetup; saved: boolean; conflicts: string[]; seen: SeenToken }): Promise<RiskSetupView> {
    const latest = await latestSchedule(store, projectId);
    const sch = latest?.schedule;
    return {
      ...s,
      importId: latest?.importId ?? null,
      dataDate: latest?.dataDate ?? null,
      activities: sch ? rangesOf(sch, s.setup) : [],
      codeValues: sch
        ? sch.codeTypes.map((t) => ({
            codeTypeId: t.id,
            codeTypeName: t.name,
            values: Object.entries(t.values).map(([value, v]) => ({ value, label: v.description ? `${v.code} ${v.description}` : v.code })),
          }))
        : [],
      wbs: sch ? sch.wbs.map((w) => ({ id: w.id, code: w.code, name: w.name })) : [],
      milestones: sch ? sch.activities.filter((a) => a.type === 'finish-milestone' || a.type === 'start-milestone').map((a) => ({ activityId: a.id, code: a.code || a.id, name: a.name })) : [],
      hasCost: sch ? sch.activities.some((a) => a.remainingCost > 0 || a.actualCost > 0) : false,
      currency: sch?.project.currency ?? 'GBP',
    };
  }

  async function writeSetup(store: LocalStore, c: CollabContext, projectId: string, setup: RiskProjectSetup, seen?: SeenToken): Promise<void> {
    const exists = await readMutable(store.pouch, riskSetupDocId(projectId));
    const fields = Object.fromEntries(SETUP_FIELDS.map((k) => [k, setup[k] as unknown as Json]));
    await guarded(
      () => c.edit().then((e) => writeFields(store.pouch, riskSetupDocId(projectId), fields, { ...e, ...(seen ? { seen } : {}), ...(exists ? {} : { create: { type: 'risksetup', fixed: { projectId } } }) })),
      'saving the risk setup',
    );
    store.notifyChanged();
  }

  async function listSnapshots(store: LocalStore, projectId: string): Promise<RiskSnapshot[]> {
    const prefix = `risk:${projectId}:`;
    const res = await store.pouch.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
    const out: RiskSnapshot[] = [];
    for (const r of res.rows) {
      const read = await readMutable(store.pouch, r.id);
      const s = read && snapshotOf(read);
      if (s) out.push(s);
    }
    return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  }

  async function one(store: LocalStore, projectId: string, snapshotId: string): Promise<RiskSnapshot> {
    const read = await readMutable(store.pouch, riskSnapshotDocId(projectId, snapshotId));
    const s = read && snapshotOf(read);
    if (!s) throw new StoreError('not-found', 'That risk snapshot is not in this project any more (it may have been deleted on another device).');
    return s;
  }

  const api: RiskApi = {
    async getRiskSetup(projectId) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      const stored = await readSetup(store, id);
      if (stored) return view(store, id, stored);
      // An editor's seed is random and saved once; a viewer (who cannot save) gets one fixed by
      // the project, so their reruns repeat too.
      const fresh = defaultSetup(writable(c) ? randomSeed() : parseInt(hashText(`risk-seed:${id}`).slice(0, 8), 16));
      // The seed is chosen once and kept, so the team's reruns repeat: saved at once by an editor.
      if (writable(c)) {
        await writeSetup(store, c, id, fresh);
        const again = await readSetup(store, id);
        if (again) return view(store, id, again);
      }
      return view(store, id, { setup: fresh, saved: false, conflicts: [], seen: {} });
    },

    async saveRiskSetup(projectId, raw, seen) {
      const setup = checkSetup(raw);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      await c.requireProject(id);
      await writeSetup(store, c, id, setup, seen);
      const stored = await readSetup(store, id);
      return view(store, id, stored ?? { setup, saved: true, conflicts: [], seen: {} });
    },

    async prepareRiskRun(projectId, raw) {
      const setup = checkSetup(raw);
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      const latest = await latestSchedule(store, id);
      if (!latest) throw new StoreError('not-found', NO_SCHEDULE);
      let srm;
      try {
        srm = riskModelFromSchedule(latest.schedule, setup);
      } catch (e) {
        if (e instanceof RiskSetupError || e instanceof RiskModelError) throw new StoreError('invalid', e.message);
        throw e;
      }
      const out: RiskRunModel = {
        model: srm.model,
        labels: { ids: srm.model.network.ids, codes: srm.codes, names: srm.names, origin: srm.origin, calendar: srm.calendar, deterministicFinish: srm.deterministicFinish, costToDate: srm.costToDate, notes: srm.notes },
        importId: latest.importId,
        dataDate: latest.dataDate,
        hasCost: latest.schedule.activities.some((a) => a.remainingCost > 0 || a.actualCost > 0),
        currency: latest.schedule.project.currency,
      };
      // The model's arrays were made for this call: moved to the page, not copied.
      return transfer(out, [...buffersOf(srm.model)]);
    },

    async listRiskSnapshots(projectId) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      return (await guarded(() => listSnapshots(store, id), 'reading the risk snapshots')).map(rowOf);
    },

    async getRiskSnapshot(projectId, rawId) {
      const snapshotId = checkSnapshotId(rawId);
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      return one(store, id, snapshotId);
    },

    async latestRiskSnapshot(projectId) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      return (await guarded(() => listSnapshots(store, id), 'reading the risk snapshots'))[0] ?? null;
    },

    async saveRiskSnapshot(projectId, input: RiskSnapshotInput) {
      if (!input || typeof input !== 'object') throw new StoreError('invalid', 'These risk results are incomplete, so they were not saved. Run the simulation again.');
      const name = checkRiskName(input.name);
      const setup = checkSetup(input.setup);
      const results = checkResults(input.results);
      if (typeof input.importId !== 'string' || !isValidId(input.importId)) throw new StoreError('invalid', 'Earnest could not tell which import this run used. Run the simulation again.');
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      const user = c.requireUser();
      await c.requireProject(id);
      const fixed = {
        projectId: id,
        createdAt: now().toISOString(),
        createdBy: user.name,
        seed: results.seed,
        iterations: results.iterations,
        setup,
        results,
        importId: input.importId,
        dataDate: typeof input.dataDate === 'string' ? input.dataDate : null,
        ...(typeof input.elapsedMs === 'number' && Number.isFinite(input.elapsedMs) ? { elapsedMs: Math.round(input.elapsedMs) } : {}),
      };
      const bytes = new TextEncoder().encode(JSON.stringify(fixed)).length;
      if (bytes > RISK_SNAPSHOT_MAX_BYTES) {
        throw new StoreError('invalid', `This snapshot would be ${Math.ceil(bytes / 1000).toLocaleString('en-GB')} kB, more than the ${RISK_SNAPSHOT_MAX_BYTES / 1000} kB a snapshot may hold (it syncs to the whole team). Fewer milestones to report on, or a smaller risk setup, make it smaller.`);
      }
      const snapshotId = newId(now().getTime());
      await guarded(() => c.edit().then((e) => writeFields(store.pouch, riskSnapshotDocId(id, snapshotId), { name }, { ...e, create: { type: 'risk', fixed: JSON.parse(JSON.stringify(fixed)) as Record<string, Json> } })), 'saving the risk snapshot');
      store.notifyChanged();
      return rowOf(await one(store, id, snapshotId));
    },

    async renameRiskSnapshot(projectId, rawId, rawName, seen) {
      const snapshotId = checkSnapshotId(rawId);
      const name = checkRiskName(rawName);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      await one(store, id, snapshotId);
      await guarded(() => c.edit().then((e) => writeFields(store.pouch, riskSnapshotDocId(id, snapshotId), { name }, { ...e, ...(seen ? { seen } : {}) })), 'renaming the risk snapshot');
      store.notifyChanged();
      return rowOf(await one(store, id, snapshotId));
    },

    async deleteRiskSnapshot(projectId, rawId) {
      const snapshotId = checkSnapshotId(rawId);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      await guarded(() => deleteMutable(store.pouch, riskSnapshotDocId(id, snapshotId)), 'deleting the risk snapshot');
      store.notifyChanged();
    },
  };
  const inSession = Object.entries(api).map(([k, f]: [string, (...args: unknown[]) => Promise<unknown>]) => [k, (...args: unknown[]) => session.run(() => f(...args))]);
  return Object.fromEntries(inSession) as unknown as RiskApi;
}
