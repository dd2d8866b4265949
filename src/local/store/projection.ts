/**
 * The projection from PouchDB into Dexie: a checkpointed reader of PouchDB's `changes` feed
 * (OFFLINE_NOTES §3.1). Each run reads the changes since the last checkpoint, works out which
 * imports and projects they touch, records for each touched import whether every document it
 * promises is on this device, drops cached analyses the changes made stale, and saves the new
 * checkpoint. Each step is idempotent, so a run cut short is simply done again.
 *
 * Changes arrive in any order when a teammate's import is syncing (chunks before the header, or
 * after it); an import counts as complete only once its header and every chunk it promises are
 * present. Completeness is read from document ids alone: no chunk is loaded to list imports.
 */
import { CHUNK_KIND_LIST } from './chunks';
import type { DerivedDb } from './derived';
import type { ImportHeaderDoc } from './docs';
import { guarded } from './errors';
import { chunkDocId, importDocId, parseDocId, projectDocId } from './ids';
import { getOrNull, readRange, type Db } from './pouch';

const CHECKPOINT_KEY = 'projection-checkpoint';
const CHANGES_PAGE = 500;
/** Ids per `allDocs({ keys })` call when checking completeness: a 100k-activity import has ~800 chunks. */
const KEYS_PER_CALL = 500;
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

  /**
   * `dropped` is told whenever cached analyses are deleted (of one project, or of any: null), so
   * that a copy kept in memory is dropped with them.
   */
  constructor(
    private readonly db: Db,
    private readonly derived: DerivedDb,
    private readonly timeoutMs: number,
    private readonly dropped: (projectId: string | null) => void = () => undefined,
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

  /**
   * Takes note of an import this tab has just written whole, without reading it back: the changes
   * feed of the indexeddb adapter loads every changed document in full, which after a
   * 100k-activity save is ~100 MB read for nothing. Only safe when nothing else was written since
   * the checkpoint: `from` is the database's update_seq before the write, `to` after it, and
   * `written` the documents written (each bumps the seq by one). Returns false, changing nothing,
   * when anything else happened in between (another tab, sync); then `catchUp` reads the changes.
   */
  async acknowledgeOwnWrite(w: { from: number | string; to: number | string; written: number; projectId: string; importId: string }): Promise<boolean> {
    while (this.running || this.queued) await (this.queued ?? this.running)?.catch(() => undefined);
    const work = this.acknowledge(w).finally(() => {
      if (this.running === tracked) this.running = null;
    });
    // Calls to catchUp made meanwhile wait for this, as they wait for a run.
    const tracked = work.then((): ProjectionResult => ({ changes: 0, importsRebuilt: 0, importsRemoved: 0, projectsRemoved: 0 }));
    this.running = tracked;
    return work;
  }

  private async acknowledge(w: { from: number | string; to: number | string; written: number; projectId: string; importId: string }): Promise<boolean> {
    if (typeof w.from !== 'number' || typeof w.to !== 'number' || w.to - w.from !== w.written) return false;
    const dbId = await guarded(() => (this.db as unknown as { id(): Promise<string> }).id(), 'reading the database id', this.timeoutMs);
    const stored = (await this.dexie(() => this.derived.meta.get(CHECKPOINT_KEY), 'reading the projection checkpoint'))?.value as Checkpoint | undefined;
    if (!stored || stored.dbId !== dbId || stored.seq !== w.from) return false;
    await this.dexie(
      () =>
        this.derived.transaction('rw', this.derived.analyses, this.derived.meta, async () => {
          // As a run would: the new import changes the history every cached analysis was computed with.
          this.dropped(w.projectId);
          await this.derived.analyses.where('projectId').equals(w.projectId).delete();
          await this.derived.meta.put({ key: importStateKey(w.projectId, w.importId), value: { complete: true } satisfies ImportState });
          await this.derived.meta.put({ key: CHECKPOINT_KEY, value: { dbId, seq: w.to } satisfies Checkpoint });
        }),
      'updating the import list',
    );
    return true;
  }

  /** Drops the checkpoint and every import state, then projects everything again. */
  async rebuildAll(): Promise<ProjectionResult> {
    while (this.running) await this.running.catch(() => undefined);
    await this.dexie(() => this.derived.meta.clear(), 'clearing the derived tables');
    const result = await this.catchUp();
    await this.pruneAnalyses();
    return result;
  }

  private async run(): Promise<ProjectionResult> {
    const dbId = await guarded(() => (this.db as unknown as { id(): Promise<string> }).id(), 'reading the database id', this.timeoutMs);
    const stored = (await this.dexie(() => this.derived.meta.get(CHECKPOINT_KEY), 'reading the projection checkpoint'))?.value as Checkpoint | undefined;
    let since: number | string = 0;
    if (stored && stored.dbId === dbId) since = stored.seq;
    else if (stored) await this.dexie(() => this.derived.meta.clear(), 'clearing stale import states');

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
      this.dropped(projectId);
      await this.dexie(() => this.derived.analyses.where('projectId').equals(projectId).delete(), 'clearing cached analyses');
    }
    await this.dexie(() => this.derived.meta.put({ key: CHECKPOINT_KEY, value: { dbId, seq: since } satisfies Checkpoint }), 'saving the projection checkpoint');
    return result;
  }

  /**
   * Records whether every document the import promises is on this device (so listing imports never
   * reads chunks). Returns false when the import is gone or still incomplete.
   */
  async projectImport(projectId: string, importId: string): Promise<boolean> {
    const header = await getOrNull<ImportHeaderDoc>(this.db, importDocId(projectId, importId), 'reading an import', this.timeoutMs);
    const stateKey = importStateKey(projectId, importId);
    if (!header) {
      await this.dexie(() => this.derived.meta.delete(stateKey), 'updating the import list');
      return false;
    }
    const complete = await this.allChunksPresent(header);
    await this.dexie(() => this.derived.meta.put({ key: stateKey, value: { complete } satisfies ImportState }), 'updating the import list');
    return complete;
  }

  async removeProject(projectId: string): Promise<void> {
    await this.dexie(
      () =>
        this.derived.transaction('rw', this.derived.analyses, this.derived.meta, async () => {
          this.dropped(projectId);
          await this.derived.analyses.where('projectId').equals(projectId).delete();
          await this.derived.meta.where('key').startsWith(importStateKey(projectId, '')).delete();
        }),
      'removing a project from the derived tables',
    );
  }

  /** Whether this device has every chunk document the header promises (ids only, no documents read). */
  private async allChunksPresent(header: ImportHeaderDoc): Promise<boolean> {
    const ids: string[] = [];
    for (const kind of CHUNK_KIND_LIST) {
      for (let n = 0; n < (header.chunks[kind] ?? 0); n++) ids.push(chunkDocId(kind, header.projectId, header.importId, n));
    }
    for (let i = 0; i < ids.length; i += KEYS_PER_CALL) {
      const keys = ids.slice(i, i + KEYS_PER_CALL);
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

  /** Drops cached analyses of imports that no longer exist. */
  private async pruneAnalyses(): Promise<void> {
    const headers = await readRange(this.db, 'import:', 'listing imports', this.timeoutMs, { docs: false });
    const live = new Set(headers.map((h) => h.id));
    const rows = await this.dexie(() => this.derived.analyses.toArray(), 'reading cached analyses');
    const dead = rows.filter((r) => !live.has(importDocId(r.projectId, r.importId))).map((r): [string, string, string] => [r.projectId, r.importId, r.key]);
    if (dead.length) {
      this.dropped(null);
      await this.dexie(() => this.derived.analyses.bulkDelete(dead), 'pruning cached analyses');
    }
  }

  private dexie<T>(work: () => PromiseLike<T>, context: string, ms = this.timeoutMs): Promise<T> {
    return guarded(() => Promise.resolve(work()), context, ms);
  }
}
