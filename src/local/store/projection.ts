/**
 * The projection from PouchDB into Dexie: a checkpointed reader of PouchDB's `changes` feed
 * (OFFLINE_NOTES §3.1). Each run reads the changes since the last checkpoint, works out which
 * imports and projects they touch, rewrites those imports' activity rows, and saves the new
 * checkpoint. Rewriting an import is idempotent, so a run cut short is simply done again.
 *
 * Changes arrive in any order when a teammate's import is syncing (chunks before the header, or
 * after it); an import gets rows only once its header and every chunk it promises are present.
 */
import type { Activity, WbsNode } from '../../core/model/schedule';
import { CHUNK_KIND_LIST, itemsFromChunks } from './chunks';
import { activityRow, rowsOf, type DerivedDb } from './derived';
import type { ChunkDoc, ImportHeaderDoc } from './docs';
import { guarded, StoreError } from './errors';
import { chunkDocId, importDocId, parseDocId, projectDocId } from './ids';
import { getOrNull, readRange, type Db } from './pouch';

const CHECKPOINT_KEY = 'projection-checkpoint';
const CHANGES_PAGE = 500;
const CHUNK_TYPES = new Set<string>(CHUNK_KIND_LIST);

interface Checkpoint {
  /** PouchDB's database uuid: a different one (the database was recreated) means start again. */
  dbId: string;
  seq: number | string;
}

export interface ImportState {
  complete: boolean;
}

const importStateKey = (projectId: string, importId: string): string => `import-state:${projectId}:${importId}`;

export interface ProjectionResult {
  changes: number;
  importsRebuilt: number;
  importsRemoved: number;
  projectsRemoved: number;
}

export class Projection {
  private running: Promise<ProjectionResult> | null = null;
  private queued: Promise<ProjectionResult> | null = null;

  constructor(
    private readonly db: Db,
    private readonly derived: DerivedDb,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Brings the derived tables up to date with PouchDB. Concurrent calls share a run; a call made
   * while a run is in progress waits for one more run, so it sees every change made before it.
   */
  catchUp(): Promise<ProjectionResult> {
    if (this.running) {
      this.queued ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.catchUp();
        });
      return this.queued;
    }
    const run = this.run().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /** Drops every derived activity row and the checkpoint, then projects everything again. */
  async rebuildAll(): Promise<ProjectionResult> {
    while (this.running) await this.running.catch(() => undefined);
    await this.dexie(() => this.derived.transaction('rw', this.derived.activities, this.derived.meta, async () => {
      await this.derived.activities.clear();
      await this.derived.meta.clear();
    }), 'clearing the derived tables');
    const result = await this.catchUp();
    await this.pruneAnalyses();
    return result;
  }

  private async run(): Promise<ProjectionResult> {
    const dbId = await guarded(() => (this.db as unknown as { id(): Promise<string> }).id(), 'reading the database id', this.timeoutMs);
    const stored = (await this.dexie(() => this.derived.meta.get(CHECKPOINT_KEY), 'reading the projection checkpoint'))?.value as Checkpoint | undefined;
    let since: number | string = 0;
    if (stored && stored.dbId === dbId) since = stored.seq;
    else if (stored) await this.dexie(() => this.derived.activities.clear(), 'clearing stale derived rows');

    const imports = new Map<string, { projectId: string; importId: string }>();
    const projects = new Set<string>();
    let changes = 0;
    for (;;) {
      const res = await guarded(() => this.db.changes({ since, limit: CHANGES_PAGE }), 'reading recent changes', this.timeoutMs);
      for (const r of res.results) {
        changes++;
        const p = parseDocId(r.id);
        if (!p) continue;
        if (p.type === 'project') projects.add(p.projectId);
        else if (p.importId && (p.type === 'import' || CHUNK_TYPES.has(p.type))) imports.set(`${p.projectId}:${p.importId}`, { projectId: p.projectId, importId: p.importId });
      }
      since = res.last_seq;
      if (res.results.length < CHANGES_PAGE) break;
    }

    const result: ProjectionResult = { changes, importsRebuilt: 0, importsRemoved: 0, projectsRemoved: 0 };
    const removed = new Set<string>();
    for (const projectId of projects) {
      if (await getOrNull(this.db, projectDocId(projectId), 'reading a project', this.timeoutMs)) continue;
      await this.removeProject(projectId);
      removed.add(projectId);
      result.projectsRemoved++;
    }
    const touchedProjects = new Set<string>();
    for (const { projectId, importId } of imports.values()) {
      if (removed.has(projectId)) continue;
      touchedProjects.add(projectId);
      if (await this.projectImport(projectId, importId)) result.importsRebuilt++;
      else result.importsRemoved++;
    }
    // A new or removed import changes the history every analysis of the project was computed with.
    for (const projectId of touchedProjects) {
      await this.dexie(() => this.derived.analyses.where('projectId').equals(projectId).delete(), 'clearing cached analyses');
    }
    await this.dexie(() => this.derived.meta.put({ key: CHECKPOINT_KEY, value: { dbId, seq: since } satisfies Checkpoint }), 'saving the projection checkpoint');
    return result;
  }

  /**
   * Rewrites one import's activity rows and records whether every chunk it promises is present
   * (so listing imports never has to read chunks). Returns false, removing its rows, when the
   * import is gone or incomplete.
   */
  async projectImport(projectId: string, importId: string): Promise<boolean> {
    const header = await getOrNull<ImportHeaderDoc>(this.db, importDocId(projectId, importId), 'reading an import', this.timeoutMs);
    let rows: ReturnType<typeof activityRow>[] | null = null;
    if (header) {
      try {
        const where = `The import of ${header.fileName}`;
        const acts = await this.chunkItems<Activity>(header, 'act', where);
        const wbs = await this.chunkItems<WbsNode>(header, 'wbs', where);
        if (await this.othersComplete(header)) {
          const codes = new Map(wbs.map((w) => [w.id, w.code]));
          rows = acts.map((a) => activityRow(projectId, importId, a, codes));
        }
      } catch (e) {
        if (!(e instanceof StoreError && e.code === 'incomplete')) throw e;
      }
    }
    const stateKey = importStateKey(projectId, importId);
    // One transaction, so readers see the old rows or the new, never half. Its time limit grows with
    // the rows written: it guards against a hang, and 100,000 rows take a while on a slow laptop.
    await this.dexie(
      () =>
        this.derived.transaction('rw', this.derived.activities, this.derived.meta, async () => {
          await rowsOf(this.derived, projectId, importId).delete();
          if (rows) await this.derived.activities.bulkPut(rows);
          if (header) await this.derived.meta.put({ key: stateKey, value: { complete: rows !== null } satisfies ImportState });
          else await this.derived.meta.delete(stateKey);
        }),
      'updating the activity table',
      this.timeoutMs * (1 + (rows?.length ?? 0) / 20_000),
    );
    return rows !== null;
  }

  async removeProject(projectId: string): Promise<void> {
    await this.dexie(
      () =>
        this.derived.transaction('rw', this.derived.activities, this.derived.analyses, this.derived.meta, async () => {
          await rowsOf(this.derived, projectId).delete();
          await this.derived.analyses.where('projectId').equals(projectId).delete();
          await this.derived.meta.where('key').startsWith(importStateKey(projectId, '')).delete();
        }),
      'removing a project from the derived tables',
    );
  }

  /** Whether this device has all the import's chunk documents of the kinds other than act and wbs. */
  private async othersComplete(header: ImportHeaderDoc): Promise<boolean> {
    const ids: string[] = [];
    for (const kind of CHUNK_KIND_LIST) {
      if (kind === 'act' || kind === 'wbs') continue;
      for (let n = 0; n < (header.chunks[kind] ?? 0); n++) ids.push(chunkDocId(kind, header.projectId, header.importId, n));
    }
    for (let i = 0; i < ids.length; i += 20) {
      const keys = ids.slice(i, i + 20);
      const res = await guarded(() => this.db.allDocs({ keys }), 'checking an import is complete', this.timeoutMs);
      if (res.rows.some((r) => 'error' in r || !r.value || r.value.deleted)) return false;
    }
    return true;
  }

  /** Per import, whether it is complete on this device, as the last projection found it. */
  async importStates(projectId: string): Promise<Map<string, ImportState>> {
    const rows = await this.dexie(() => this.derived.meta.where('key').startsWith(importStateKey(projectId, '')).toArray(), 'reading import states');
    return new Map(rows.map((r) => [r.key.slice(importStateKey(projectId, '').length), r.value as ImportState]));
  }

  private async chunkItems<T>(header: ImportHeaderDoc, kind: 'act' | 'wbs', where: string): Promise<T[]> {
    const expected = header.chunks[kind];
    if (expected === undefined) return [];
    const prefix = chunkDocId(kind, header.projectId, header.importId, 0).slice(0, -5);
    const rows = await readRange<ChunkDoc>(this.db, prefix, 'reading an import', this.timeoutMs, { docs: true });
    return itemsFromChunks(kind, rows.flatMap((r) => (r.doc ? [r.doc] : [])), expected, header.counts[kind] ?? 0, where) as T[];
  }

  /** Drops cached analyses of imports that no longer exist. */
  private async pruneAnalyses(): Promise<void> {
    const headers = await readRange(this.db, 'import:', 'listing imports', this.timeoutMs, { docs: false });
    const live = new Set(headers.map((h) => h.id));
    const rows = await this.dexie(() => this.derived.analyses.toArray(), 'reading cached analyses');
    const dead = rows.filter((r) => !live.has(importDocId(r.projectId, r.importId))).map((r): [string, string, string] => [r.projectId, r.importId, r.key]);
    if (dead.length) await this.dexie(() => this.derived.analyses.bulkDelete(dead), 'pruning cached analyses');
  }

  private dexie<T>(work: () => PromiseLike<T>, context: string, ms = this.timeoutMs): Promise<T> {
    return guarded(() => Promise.resolve(work()), context, ms);
  }
}
