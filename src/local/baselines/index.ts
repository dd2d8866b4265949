/**
 * The data worker's baseline calls (contracts.ts BaselinesApi, issue 14): list, create from a
 * source, rename, delete, choose the PMB, compare. Each works in the store of the team space that
 * holds the project; a viewer reads and compares but changes nothing (the gateway would refuse it),
 * as the collaboration calls do (collab/context.ts).
 */
import { compareBaselines } from '../../core/evm/baselineCompare';
import type { AccountSession } from '../account';
import { collabContext, type CollabContext, type Identity } from '../collab/context';
import {
  CURRENT_STATUS,
  LATEST_FILE_BASELINE,
  type BaselineList,
  type BaselineRow,
  type BaselinesApi,
  type BaselineSourceOption,
  type ConflictVersion,
  type ImportSummaryRow,
  type SeenToken,
} from '../contracts';
import type { LocalStore } from '../store';
import { guarded, StoreError } from '../store/errors';
import { isValidId, newId } from '../store/ids';
import { deleteMutable, readMutable, seenOf, writeFields, type FieldConflict, type FieldVersion } from '../sync/mutable';
import { baselineDocId, checkBaselineId, checkBaselineName, checkSource, listStored, pmbDocId, readBaseline, readPmb, type StoredBaseline } from './docs';
import { planOfRef, sourceLabel } from './plans';

export { pmbOf } from './plans';

const versionOf = (v: FieldVersion): ConflictVersion => ({ value: typeof v.v === 'string' ? v.v : String(v.v ?? ''), ...(v.who ? { who: v.who } : {}), at: v.at });

function nameConflict(conflicts: readonly FieldConflict[]): ConflictVersion[] | null {
  const c = conflicts.find((x) => x.field === 'name' && new Set(x.versions.map((v) => String(v.v))).size > 1);
  return c ? c.versions.map(versionOf) : null;
}

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
  return projectId;
}

export function baselinesHandlers(session: AccountSession, who: Identity, opts: { now?: () => Date } = {}): BaselinesApi {
  const now = opts.now ?? (() => new Date());
  const open = async (projectId: unknown): Promise<{ id: string; store: LocalStore; c: CollabContext }> => {
    const id = checkProjectId(projectId);
    const store = (await session.spaceOf(id)).store;
    return { id, store, c: collabContext(store, who, () => now().getTime()) };
  };

  /** Labels need each stored source's baseline name: read once per import, from its baseline chunks only. */
  async function storedNames(store: LocalStore, projectId: string, importIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    for (const importId of new Set(importIds)) {
      try {
        out.set(importId, new Map((await store.importBaselines(projectId, importId)).map((b) => [b.id, b.name])));
      } catch {
        // Not here (yet): the label says so.
      }
    }
    return out;
  }

  async function list(store: LocalStore, projectId: string): Promise<BaselineList> {
    const [stored, pmb, imports] = await Promise.all([listStored(store.pouch, projectId), readPmb(store.pouch, projectId), store.listImports(projectId)]);
    const byImport = new Map(imports.map((r) => [r.importId, r]));
    const names = await storedNames(store, projectId, stored.flatMap((b) => (b.source.kind === 'stored' ? [b.source.importId] : [])));
    const latest = imports.at(-1);
    const pmbHere = pmb.baselineId === LATEST_FILE_BASELINE || stored.some((b) => b.id === pmb.baselineId);
    const effective = pmbHere ? pmb.baselineId : LATEST_FILE_BASELINE;
    const builtIn: BaselineRow = {
      id: LATEST_FILE_BASELINE,
      name: 'Baseline in the latest import',
      sourceLabel: latest ? sourceLabel({ kind: 'file', importId: latest.importId }, latest) : 'No schedule imported yet',
      ...(latest?.statusDate ? { date: latest.statusDate } : {}),
      pmb: effective === LATEST_FILE_BASELINE,
      builtIn: true,
      nameConflict: null,
      available: latest !== undefined,
      seen: {},
    };
    const rows = stored.map((b): BaselineRow => rowOf(b, byImport.get(b.source.importId), names, effective));
    return {
      baselines: [builtIn, ...rows],
      pmbId: effective,
      ...(pmbHere ? {} : { pmbProblem: 'The performance measurement baseline chosen for this project was deleted on another device, so the figures use the baseline in the latest import. Choose a PMB below.' }),
      pmbConflict: pmb.conflict ? pmb.conflict.versions.map((v) => ({ ...versionOf(v), value: nameOfId(String(v.v), stored) })) : null,
    };
  }

  const nameOfId = (id: string, stored: readonly StoredBaseline[]): string => (id === LATEST_FILE_BASELINE ? 'Baseline in the latest import' : (stored.find((b) => b.id === id)?.name ?? 'a deleted baseline'));

  function rowOf(b: StoredBaseline, row: ImportSummaryRow | undefined, names: Map<string, Map<string, string>>, pmbId: string): BaselineRow {
    const storedName = b.source.kind === 'stored' ? names.get(b.source.importId)?.get(b.source.baselineId) : undefined;
    const date = row?.statusDate ?? row?.dataDate;
    return {
      id: b.id,
      name: b.name,
      source: b.source,
      sourceLabel: sourceLabel(b.source, row, storedName),
      ...(date ? { date } : {}),
      ...(b.createdAt ? { createdAt: b.createdAt } : {}),
      ...(b.createdBy ? { createdBy: b.createdBy } : {}),
      pmb: b.id === pmbId,
      builtIn: false,
      nameConflict: nameConflict(b.conflicts),
      available: row !== undefined && row.complete,
      seen: seenOf({ doc: b.doc }) as SeenToken,
    };
  }

  async function rowById(store: LocalStore, projectId: string, baselineId: string): Promise<BaselineRow> {
    const l = await list(store, projectId);
    const r = l.baselines.find((x) => x.id === baselineId);
    if (!r) throw new StoreError('not-found', 'That baseline is not in this project any more (it may have been deleted on another device).');
    return r;
  }

  const api: BaselinesApi = {
    async listBaselines(projectId) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      return guarded(() => list(store, id), 'reading the baselines');
    },

    async baselineSources(projectId) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      const imports = (await store.listImports(id)).filter((r) => r.complete).reverse();
      const out: BaselineSourceOption[] = [];
      for (const row of imports) {
        const when = row.statusDate ? ` ${row.statusDate.slice(0, 10)}` : '';
        out.push({ source: { kind: 'current', importId: row.importId }, label: sourceLabel({ kind: 'current', importId: row.importId }, row), suggestedName: `Current plan${when}`, activities: row.activityCount });
        out.push({ source: { kind: 'file', importId: row.importId }, label: sourceLabel({ kind: 'file', importId: row.importId }, row), suggestedName: `Baseline of ${row.fileName}`, activities: row.activityCount });
        const held = await guarded(() => store.importBaselines(id, row.importId), 'reading an import’s baselines').catch(() => []);
        for (const b of held) {
          const source = { kind: 'stored' as const, importId: row.importId, baselineId: b.id };
          out.push({ source, label: sourceLabel(source, row, b.name), suggestedName: b.name, activities: b.activities.length });
        }
      }
      return out;
    },

    async createBaseline(projectId, rawSource, rawName) {
      const source = checkSource(rawSource);
      const name = checkBaselineName(rawName);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      const user = c.requireUser();
      await c.requireProject(id);
      const row = (await store.listImports(id)).find((r) => r.importId === source.importId);
      if (!row) throw new StoreError('not-found', 'That import is not part of this project on this device (it may have been deleted). Choose another source.');
      if (source.kind === 'stored' && !(await store.importBaselines(id, source.importId)).some((b) => b.id === source.baselineId)) {
        throw new StoreError('not-found', `${row.fileName} holds no such baseline. Choose another source.`);
      }
      const baselineId = newId(now().getTime());
      const fixed = { projectId: id, source: { ...source }, createdAt: now().toISOString(), createdBy: user.name };
      await guarded(() => c.edit().then((e) => writeFields(store.pouch, baselineDocId(id, baselineId), { name }, { ...e, create: { type: 'baseline', fixed } })), 'saving the baseline');
      store.notifyChanged();
      return rowById(store, id, baselineId);
    },

    async renameBaseline(projectId, rawBaselineId, rawName, seen) {
      const baselineId = checkBaselineId(rawBaselineId);
      const name = checkBaselineName(rawName);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      if (baselineId === LATEST_FILE_BASELINE) throw new StoreError('invalid', 'The baseline in the latest import is built in and keeps its name. Create a baseline from it to give it one.');
      if (!(await readBaseline(store.pouch, id, baselineId))) throw new StoreError('not-found', 'That baseline is not in this project any more (it may have been deleted on another device).');
      await guarded(() => c.edit().then((e) => writeFields(store.pouch, baselineDocId(id, baselineId), { name }, { ...e, ...(seen ? { seen } : {}) })), 'renaming the baseline');
      store.notifyChanged();
      return rowById(store, id, baselineId);
    },

    async deleteBaseline(projectId, rawBaselineId) {
      const baselineId = checkBaselineId(rawBaselineId);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      if (baselineId === LATEST_FILE_BASELINE) throw new StoreError('invalid', 'The baseline in the latest import is built in and cannot be deleted.');
      const b = await readBaseline(store.pouch, id, baselineId);
      if (!b) return;
      const pmb = await readPmb(store.pouch, id);
      // Any version of the PMB choice counts: a conflict's other side may become the PMB when resolved.
      const named = new Set([pmb.baselineId, ...(pmb.conflict?.versions.map((v) => String(v.v)) ?? [])]);
      if (named.has(baselineId)) throw new StoreError('invalid', `"${b.name}" is the performance measurement baseline: make another baseline the PMB first, then delete this one.`);
      await guarded(() => deleteMutable(store.pouch, baselineDocId(id, baselineId)), 'deleting the baseline');
      store.notifyChanged();
    },

    async setPmb(projectId, rawBaselineId) {
      const baselineId = checkBaselineId(rawBaselineId);
      const { id, store, c } = await open(projectId);
      c.assertWritable();
      c.requireUser();
      await c.requireProject(id);
      if (baselineId !== LATEST_FILE_BASELINE) {
        const b = await readBaseline(store.pouch, id, baselineId);
        if (!b) throw new StoreError('not-found', 'That baseline is not in this project any more (it may have been deleted on another device).');
        const row = (await store.listImports(id)).find((r) => r.importId === b.source.importId);
        if (!row || !row.complete) throw new StoreError('incomplete', `"${b.name}" comes from an import that is not complete on this device yet: stay online until it has arrived, then choose it again.`);
      }
      const current = await readMutable(store.pouch, pmbDocId(id));
      await guarded(
        () => c.edit().then((e) => writeFields(store.pouch, pmbDocId(id), { baselineId }, { ...e, ...(current ? {} : { create: { type: 'pmb', fixed: { projectId: id } } }) })),
        'choosing the performance measurement baseline',
      );
      // The dashboard's cache key holds the PMB, so every page that reads the figures again sees the new ones.
      store.notifyChanged();
      return list(store, id);
    },

    async compareBaselines(projectId, a, b) {
      const { id, store, c } = await open(projectId);
      await c.requireProject(id);
      for (const ref of [a, b]) if (ref !== CURRENT_STATUS) checkBaselineId(ref);
      if (a === b) throw new StoreError('invalid', 'Choose two different baselines to compare (or a baseline and the current status).');
      const [pa, pb] = await Promise.all([planOfRef(store, id, a), planOfRef(store, id, b)]);
      return compareBaselines(pa, pb);
    },
  };
  // Like the other calls: never while a change of spaces closes a store.
  const inSession = Object.entries(api).map(([k, f]: [string, (...args: unknown[]) => Promise<unknown>]) => [k, (...args: unknown[]) => session.run(() => f(...args))]);
  return Object.fromEntries(inSession) as unknown as BaselinesApi;
}
