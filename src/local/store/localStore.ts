/**
 * The local store: projects and their imports in PouchDB (one database per team, synced later),
 * and derived tables in Dexie (rebuilt from PouchDB, never synced). DESIGN.md "Offline first".
 *
 * Each import is an immutable status snapshot of its project: written once as chunk documents
 * and a header, never changed afterwards. Opening a project reassembles its latest import and
 * turns every earlier one into a StatusSnapshot, so the engine sees EV and AC history.
 */
import { inFile } from '../../core/import/types';
import { SCHEDULE_FORMAT_VERSION, type Activity, type Schedule } from '../../core/model/schedule';
import { mergeHistory, type HistoryInput } from '../../core/model/snapshot';
import { tryToMinutes } from '../../core/model/dates';
import { withStatusDate } from '../../core/model/statusDate';
import { assembleSchedule, buildImportDocs, CHUNK_KIND_LIST, itemsFromChunks, type ChunkKind, type ImportMeta, type PreparedChunks } from './chunks';
import { adoptLegacyStore, LEGACY_STORE_NAME } from './accountStore';
import { DerivedDb } from './derived';
import { STORE_LAYOUT_VERSION, type ChunkDoc, type ImportHeaderDoc, type MappingDoc, type PeriodTableDoc, type ProjectDoc } from './docs';
import type { PeriodTable } from '../../core/evm/periodTable';
import { DEFAULT_TIMEOUT_MS, guarded, StoreError, toStoreError } from './errors';
import { chunkDocId, hashText, importDocId, isValidId, newId, periodsDocId, projectDocId, rangeOf } from './ids';
import { deleteLockName, ifUnlocked, readPending, saveLockName, updatePending, withLock, type PendingSave } from './pending';
import { requestPersistence, storageEstimate, type StorageEstimate } from './persistence';
import { Projection, type ProjectionResult } from './projection';
import { deleteDocs, getOrNull, isConflict, openPouch, readRange, writeDocs, type Db } from './pouch';
import { activityOverlap, bestMatch, compareImports, matchCandidates, historyOf, importRow, projectRow, type ImportSummaryRow, type ProjectMatch, type ProjectSummaryRow } from './summaries';
import { checkLayout, MIGRATIONS, newerLayoutMessage, type LayoutCheck, type MigrationTable } from './layout';
import { TabChannel, type TabMessage } from './tabs';
import type { StoreEvent } from '../contracts';
import { deleteMutable, deviceIdOf, writeFields } from '../sync/mutable';

export interface OpenLocalStoreOptions {
  /**
   * PouchDB database name: one per account on this device (`user_<hash>`, see accountStore.ts)
   * until team sync opens `team_<id>` databases; `team_local` when none is given (tests).
   */
  name?: string;
  /** Move what the pre-account `team_local` database holds into this one (accountStore.ts). */
  adoptLegacy?: boolean;
  /** PouchDB adapter: `indexeddb` in the browser (default); `memory` in Node tests. */
  adapter?: string;
  /** Limit for any one database call, in ms (default 30 s). */
  timeoutMs?: number;
  /** The app build, told to other tabs and recorded with the layout (default `dev`). */
  buildId?: string;
  /** The document layout this build writes and the migrations to it (tests pass their own). */
  layout?: { version: number; migrations: MigrationTable };
  /** Tell other tabs about changes, and hear theirs (default true; needs BroadcastChannel). */
  broadcast?: boolean;
  /** Who edits through this store (the account id), recorded with each version of a mutable field. */
  editor?: string;
}

export interface NewProjectInput {
  name: string;
  code?: string;
  /** ISO 4217; GBP when omitted. */
  currency?: string;
}

export interface SaveImportResult {
  projectId: string;
  importId: string;
  isNewProject: boolean;
  /** Problems that did not stop the save (e.g. the import list could not be refreshed yet). */
  warnings: string[];
  /**
   * The schedule exactly as stored (with the confirmed status date), so what depends on it (the
   * first dashboard) is built from memory instead of being read back.
   */
  schedule: Schedule;
}

export interface SaveImportOptions {
  /** Called as documents are written: how many of the import's documents are stored so far. */
  onProgress?: (written: number, total: number) => void;
  /** The schedule's collections already cut into chunks (chunks.ts prepareChunks). */
  prepared?: PreparedChunks;
}

/** What opening the store found left over from an earlier session and dealt with. */
export interface RecoveryReport {
  /** Interrupted saves whose documents were removed (they were never visible). */
  savesUndone: number;
  /** Saves that had in fact finished; only their bookkeeping was left. */
  savesFinished: number;
  /** Interrupted project deletions completed. */
  deletesFinished: number;
  /** Left alone because another tab is still working on them. */
  skipped: number;
  /** Why recovery could not finish (it is tried again on the next open); the store still opens. */
  error?: string;
}

export interface LocalStore {
  readonly name: string;
  /** The team database, for the sync layer. */
  readonly pouch: Db;
  /** The derived tables, for live queries in the UI. */
  readonly derived: DerivedDb;
  /** What `openLocalStore` cleaned up. */
  readonly recovery: RecoveryReport;
  /** The layout the database was found at, and any migrations run on opening it. */
  readonly layout: LayoutCheck;
  /**
   * Why this store no longer writes (data at a newer layout than this build's: reload to update);
   * null while it writes normally. Every write is refused with this message.
   */
  readonly readOnly: { message: string; layout: number; build?: string } | null;
  /**
   * Refuses every write with `message` (the user is a viewer in the team this database belongs
   * to: an edit made here could never be sent); null writes again (the role changed).
   */
  refuseWrites(message: string | null): void;
  /** The message writes are refused with (refuseWrites), or null. */
  readonly writeRefusal: string | null;
  /**
   * Calls `listener` when another tab changes projects, and when this store becomes read-only (at
   * once, if it already is). Returns a function that stops it.
   */
  subscribe(listener: (event: StoreEvent) => void): () => void;
  /**
   * Tells this tab's page and the other tabs that projects changed, for changes that did not come
   * through this store's own methods (replication brought a teammate's import, say).
   */
  notifyChanged(): void;

  listProjects(): Promise<ProjectSummaryRow[]>;
  /** Stores a period table as a project's latest figures (a new project when no projectId). */
  savePeriodTable(table: PeriodTable, meta: { projectId?: string; fileName: string; name?: string }): Promise<{ projectId: string; importId: string; isNewProject: boolean }>;
  /** The project's period tables, oldest first (empty for schedule projects). */
  listPeriodTables(projectId: string): Promise<PeriodTableDoc[]>;
  createProject(input: NewProjectInput): Promise<ProjectSummaryRow>;
  /**
   * Renames the project. `who` names the editor on the version (default the store's `editor`):
   * the name teammates see beside it if another device renamed it at the same time.
   */
  renameProject(projectId: string, name: string, opts?: { who?: string }): Promise<void>;
  /**
   * About how many bytes each project's documents take here (their JSON length), read in pages;
   * an import's share is remembered once it is complete (imports never change).
   */
  projectSizes(): Promise<{ projectId: string; name: string; bytes: number }[]>;
  /** Removes the project, all its imports and their derived rows (a deletion that syncs to the team). */
  deleteProject(projectId: string): Promise<void>;

  saveImport(schedule: Schedule, meta: ImportMeta, options?: SaveImportOptions): Promise<SaveImportResult>;
  /** Imports of a project, oldest status first. */
  listImports(projectId: string): Promise<ImportSummaryRow[]>;
  /** The chosen (default: latest) import with every earlier import as a status snapshot. */
  loadSchedule(projectId: string, importId?: string): Promise<Schedule>;
  /**
   * `latest`, already in memory, as the import `importId` of the project, with every earlier import
   * as a status snapshot: what `loadSchedule` returns, without reading that import back.
   */
  withHistory(projectId: string, importId: string, latest: Schedule): Promise<Schedule>;
  /** One import exactly as saved, without history. */
  loadImport(projectId: string, importId: string): Promise<Schedule>;
  /** The baselines an import holds (MS Project Baseline 1–10, the P6 baseline project), read without the rest of it. */
  importBaselines(projectId: string, importId: string): Promise<Schedule['baselines']>;
  findMatchingProject(schedule: Schedule): Promise<ProjectMatch | null>;

  rememberMapping(signature: string, corrections: Record<string, string | null>): Promise<void>;
  recallMapping(signature: string): Promise<Record<string, string | null> | null>;

  cacheAnalysis(projectId: string, importId: string, key: string, value: unknown): Promise<void>;
  cachedAnalysis<T = unknown>(projectId: string, importId: string, key: string): Promise<T | undefined>;
  getPref<T = unknown>(key: string): Promise<T | undefined>;
  setPref(key: string, value: unknown): Promise<void>;
  /** Applies changes made since the last projection (e.g. after replication) to the derived tables. */
  refreshDerived(): Promise<ProjectionResult>;
  /** Rebuilds every derived table from PouchDB. */
  rebuildDerived(): Promise<ProjectionResult>;

  requestPersistence(): Promise<boolean>;
  storageEstimate(): Promise<StorageEstimate | null>;
  close(): Promise<void>;
  /** Deletes both databases from this device (sign-out of a shared machine). */
  destroy(): Promise<void>;
}

/** CouchDB database names: lower-case letter first, then lower-case letters, digits and _$()+-/. */
const DB_NAME_RE = /^[a-z][a-z0-9_$()+/-]{0,200}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;
const MAX_NAME = 200;

export async function openLocalStore(opts: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  const buildId = opts.buildId ?? 'dev';
  const layoutVersion = opts.layout?.version ?? STORE_LAYOUT_VERSION;
  const name = opts.name ?? LEGACY_STORE_NAME;
  if (!DB_NAME_RE.test(name)) {
    throw new StoreError('invalid', `"${name}" cannot name a local database: use lower-case letters, digits and _ (starting with a letter).`);
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const db = openPouch(name, opts.adapter ?? 'indexeddb');
  let layout: LayoutCheck;
  const derived = new DerivedDb(`${name}__derived`);
  try {
    await guarded(() => db.info(), 'opening the local database', timeoutMs);
    if (opts.adoptLegacy && name !== LEGACY_STORE_NAME) await adoptLegacyStore(db, opts.adapter ?? 'indexeddb', timeoutMs);
    layout = await checkLayout(db, { name, version: layoutVersion, migrations: opts.layout?.migrations ?? MIGRATIONS, build: buildId, timeoutMs });
    // Dexie 4 opens tables a newer build has upgraded (at their version): they hold only what can
    // be rebuilt, and the documents' layout, checked above, is what decides whether this tab writes.
    await guarded(() => derived.open(), 'opening the derived tables', timeoutMs);
  } catch (e) {
    // Not left open: the next attempt (or a newer build deleting it) must not find it held.
    derived.close();
    await db.close().catch(() => undefined);
    throw e;
  }
  const store = new PouchDexieStore(name, db, derived, timeoutMs, { buildId, layoutVersion, layout, broadcast: opts.broadcast ?? true }, opts.editor);
  if (layout.newer) return store; // Read-only: no clean-up writes; the derived tables may not be this build's to touch.
  if (layout.migrated.length) store.announce('layout-changed');
  try {
    await store.recover();
  } catch (e) {
    // A full disk can make even the clean-up fail; leftovers are invisible, so open anyway.
    store.recovery.error = e instanceof Error ? e.message : String(e);
  }
  try {
    await store.refreshDerived();
  } catch {
    // The documents are intact; the derived tables catch up on the next save or refresh.
  }
  return store;
}

class PouchDexieStore implements LocalStore {
  readonly recovery: RecoveryReport = { savesUndone: 0, savesFinished: 0, deletesFinished: 0, skipped: 0 };
  readonly layout: LayoutCheck;
  readOnly: LocalStore['readOnly'] = null;
  /** Why writes are refused for the user's role (a viewer), or null. */
  private refusal: string | null = null;
  private deviceId: Promise<string> | null = null;
  private readonly projection: Projection;
  private readonly buildId: string;
  private readonly layoutVersion: number;
  private readonly tabs: TabChannel | null;
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  /**
   * The analysis cached last, also kept in memory: the dashboard a save has just prepared is asked
   * for a moment later, and reading 10+ MB back from IndexedDB would cost what the cache saves.
   * Dropped whenever the projection drops the project's cached analyses.
   */
  private recent: { projectId: string; importId: string; key: string; value: unknown } | null = null;

  constructor(
    readonly name: string,
    readonly pouch: Db,
    readonly derived: DerivedDb,
    private readonly timeoutMs: number,
    tabs: { buildId: string; layoutVersion: number; layout: LayoutCheck; broadcast: boolean },
    private readonly editor?: string,
  ) {
    this.projection = new Projection(pouch, derived, timeoutMs, (projectId) => {
      if (this.recent && (projectId === null || this.recent.projectId === projectId)) this.recent = null;
    });
    this.buildId = tabs.buildId;
    this.layoutVersion = tabs.layoutVersion;
    this.layout = tabs.layout;
    this.tabs = tabs.broadcast ? new TabChannel(name, (m) => this.heard(m)) : null;
    if (tabs.layout.newer) this.stopWriting(tabs.layout.newer.layout, tabs.layout.newer.build);
  }

  // --- tabs and layout -------------------------------------------------------------------------

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.readOnly) listener({ kind: 'read-only', ...this.readOnly });
    return () => this.listeners.delete(listener);
  }

  notifyChanged(): void {
    this.emit({ kind: 'projects-changed' });
    this.announce('projects-changed');
  }

  /** Tells the other tabs of this database what this one changed. */
  announce(kind: TabMessage['kind']): void {
    this.tabs?.post({ kind, layout: this.layoutVersion, build: this.buildId });
  }

  private emit(event: StoreEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // One listener's failure (a page gone away) must not stop the others.
      }
    }
  }

  private heard(m: TabMessage): void {
    if (m.layout > this.layoutVersion) this.stopWriting(m.layout, m.build);
    if (m.kind === 'projects-changed') this.emit({ kind: 'projects-changed' });
  }

  /** From now on every write is refused; the page is told to ask for a reload. */
  private stopWriting(layout: number, build?: string): void {
    if (this.readOnly && this.readOnly.layout >= layout) return;
    this.readOnly = { message: newerLayoutMessage(layout, this.layoutVersion), layout, ...(build !== undefined ? { build } : {}) };
    this.emit({ kind: 'read-only', ...this.readOnly });
  }

  refuseWrites(message: string | null): void {
    this.refusal = message;
  }

  get writeRefusal(): string | null {
    return this.refusal;
  }

  private assertWritable(): void {
    if (this.readOnly) throw new StoreError('newer-layout', this.readOnly.message);
    if (this.refusal) throw new StoreError('role', this.refusal);
  }

  /** What identifies this device's edits in mutable documents (sync/mutable.ts), read once. */
  private editContext(): Promise<{ deviceId: string; who?: string }> {
    const pending = (this.deviceId ??= deviceIdOf(this.pouch));
    // A failed read is tried again next time rather than remembered.
    pending.catch(() => {
      if (this.deviceId === pending) this.deviceId = null;
    });
    return pending.then((deviceId) => ({ deviceId, ...(this.editor ? { who: this.editor } : {}) }));
  }

  /** Refuses a document written in a newer layout than this build reads (it may mean something else). */
  private assertReadable(doc: { layout?: unknown }, what: string): void {
    if (typeof doc.layout === 'number' && doc.layout > this.layoutVersion) {
      this.stopWriting(doc.layout);
      throw new StoreError('newer-layout', `${what} was saved by a newer version of Earnest (data layout ${doc.layout}; this tab reads layout ${this.layoutVersion}). Reload the page to open it.`);
    }
  }

  // --- projects --------------------------------------------------------------------------------

  async listProjects(): Promise<ProjectSummaryRow[]> {
    const all = await this.projectsWithImports();
    return all.map((p) => p.row).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  }

  async createProject(input: NewProjectInput): Promise<ProjectSummaryRow> {
    this.assertWritable();
    const doc = this.newProjectDoc(newId(), checkName(input?.name), input?.code, input?.currency);
    await writeDocs(this.pouch, [doc], `creating the project "${doc.name}"`, this.timeoutMs);
    this.announce('projects-changed');
    return projectRow(doc, []);
  }

  /**
   * The name is a mutable field (sync/mutable.ts): a rename made on another device without seeing
   * this one is kept beside it, as a conflict, and both devices show the same winner.
   */
  async renameProject(projectId: string, name: string, opts: { who?: string } = {}): Promise<void> {
    checkId(projectId, 'project');
    const clean = checkName(name);
    this.assertWritable();
    const doc = await this.requireProject(projectId);
    const own = await guarded(() => this.editContext(), `renaming the project "${doc.name}"`, this.timeoutMs);
    const ctx = opts.who ? { ...own, who: opts.who } : own;
    await guarded(() => writeFields(this.pouch, projectDocId(projectId), { name: clean }, ctx), `renaming the project "${doc.name}"`, this.timeoutMs);
    this.notifyChanged();
  }

  async projectSizes(): Promise<{ projectId: string; name: string; bytes: number }[]> {
    const context = 'measuring the projects on this device';
    const projects = await readRange<ProjectDoc>(this.pouch, 'project:', context, this.timeoutMs, { docs: true, pageSize: 500 });
    const out: { projectId: string; name: string; bytes: number }[] = [];
    for (const r of projects) {
      if (!r.doc || r.doc.type !== 'project') continue;
      const projectId = r.doc.projectId;
      let bytes = jsonBytes(r.doc);
      // The small documents that change (period tables, comments, narratives) are read each time.
      for (const type of ['periods', 'comment', 'var', 'baseline', 'change', 'craudit', 'budgetbase', 'risk']) bytes += (await this.rangeBytes(`${type}:${projectId}:`, context, 50)).bytes;
      for (const h of await this.headersOf(projectId)) bytes += jsonBytes(h) + (await this.importChunkBytes(h, context));
      out.push({ projectId, name: r.doc.name, bytes });
    }
    return out;
  }

  /** Chunk bytes per complete import: its chunks are written once and never change. */
  private readonly importBytes = new Map<string, number>();

  private async importChunkBytes(h: ImportHeaderDoc, context: string): Promise<number> {
    const known = this.importBytes.get(h.importId);
    if (known !== undefined) return known;
    let bytes = 0;
    let docs = 0;
    for (const kind of CHUNK_KIND_LIST) {
      // Chunks approach 1 MB each: a few per page, so no one read holds much of the import.
      const m = await this.rangeBytes(`${kind}:${h.projectId}:${h.importId}:`, context, 5);
      bytes += m.bytes;
      docs += m.docs;
    }
    const expected = Object.values(h.chunks ?? {}).reduce<number>((a, n) => a + (n ?? 0), 0);
    // Still arriving from the team: measured again next time.
    if (docs >= expected) this.importBytes.set(h.importId, bytes);
    return bytes;
  }

  /** The JSON length of a key range's documents, read page by page and not kept. */
  private async rangeBytes(prefix: string, context: string, pageSize: number): Promise<{ bytes: number; docs: number }> {
    const { startkey, endkey } = rangeOf(prefix);
    let from = startkey;
    let skip = 0;
    let bytes = 0;
    let docs = 0;
    for (;;) {
      const res = await guarded(() => this.pouch.allDocs({ startkey: from, endkey, skip, limit: pageSize, include_docs: true }), context, this.timeoutMs);
      for (const r of res.rows) bytes += jsonBytes(r.doc);
      docs += res.rows.length;
      if (res.rows.length < pageSize) return { bytes, docs };
      from = res.rows[res.rows.length - 1].id;
      skip = 1;
    }
  }

  async deleteProject(projectId: string): Promise<void> {
    checkId(projectId, 'project');
    this.assertWritable();
    await withLock(deleteLockName(this.name, projectId), async () => {
      await updatePending(this.pouch, (r) => ({ ...r, deletes: [...r.deletes.filter((d) => d !== projectId), projectId] }), this.timeoutMs);
      try {
        await this.deleteProjectDocs(projectId);
      } finally {
        // The project document goes first, so even a deletion cut short has changed the lists.
        this.announce('projects-changed');
      }
      await updatePending(this.pouch, (r) => ({ ...r, deletes: r.deletes.filter((d) => d !== projectId) }), this.timeoutMs);
    });
    await this.projection.removeProject(projectId);
    await this.projection.catchUp();
  }

  /** Project doc first (the project leaves every list at once), then import headers, then chunks. */
  private async deleteProjectDocs(projectId: string): Promise<void> {
    const context = 'deleting the project';
    // Every live leaf of the project document (a rename in conflict included), so no side of it
    // brings the project back on the next sync.
    await guarded(() => deleteMutable(this.pouch, projectDocId(projectId)), context, this.timeoutMs);
    const headers = await readRange(this.pouch, `import:${projectId}:`, context, this.timeoutMs, { docs: false });
    await deleteDocs(this.pouch, headers, context, this.timeoutMs);
    const periodTables = await readRange(this.pouch, `periods:${projectId}:`, context, this.timeoutMs, { docs: false });
    await deleteDocs(this.pouch, periodTables, context, this.timeoutMs);
    // The project's comments and variance narratives (collab/, issue 13), its thresholds and
    // acknowledged alerts, baselines, change requests, their audit trail and reserves (issue 14),
    // its risk setup and risk snapshots (issue 15) go with it.
    await guarded(() => deleteMutable(this.pouch, `pmb:${projectId}`), context, this.timeoutMs);
    await guarded(() => deleteMutable(this.pouch, `thresholds:${projectId}`), context, this.timeoutMs);
    await guarded(() => deleteMutable(this.pouch, `risksetup:${projectId}`), context, this.timeoutMs);
    for (const type of ['comment', 'var', 'craudit', 'ack']) {
      const docs = await readRange(this.pouch, `${type}:${projectId}:`, context, this.timeoutMs, { docs: false });
      await deleteDocs(this.pouch, docs, context, this.timeoutMs);
    }
    // Mutable ones lose every leaf, so no side of a conflict brings them back on the next sync.
    for (const type of ['baseline', 'change', 'budgetbase', 'risk']) {
      const docs = await readRange(this.pouch, `${type}:${projectId}:`, context, this.timeoutMs, { docs: false });
      for (const d of docs) await guarded(() => deleteMutable(this.pouch, d.id), context, this.timeoutMs);
    }
    for (const kind of CHUNK_KIND_LIST) {
      const chunks = await readRange(this.pouch, `${kind}:${projectId}:`, context, this.timeoutMs, { docs: false });
      await deleteDocs(this.pouch, chunks, context, this.timeoutMs);
    }
  }

  // --- period tables ---------------------------------------------------------------------------

  async savePeriodTable(table: PeriodTable, meta: { projectId?: string; fileName: string; name?: string }): Promise<{ projectId: string; importId: string; isNewProject: boolean }> {
    const fileName = typeof meta?.fileName === 'string' ? meta.fileName.trim() : '';
    if (!fileName || fileName.length > 1000) throw new StoreError('invalid', 'Earnest could not save this period table: the file name is missing or too long. Import the file again.');
    if (!table || !Array.isArray(table.rows) || table.rows.length === 0) throw new StoreError('invalid', `${inFile(fileName)}the period table has no rows, so there is nothing to save.`);
    this.assertWritable();
    const isNewProject = meta.projectId === undefined;
    const projectId = meta.projectId ?? newId();
    if (!isNewProject) {
      checkId(projectId, 'project');
      await this.requireProject(projectId);
    }
    const importId = newId();
    const importedAt = new Date().toISOString();
    const doc: PeriodTableDoc = { _id: periodsDocId(projectId, importId), type: 'periods', layout: this.layoutVersion, projectId, importId, fileName, importedAt, table };
    // The project document in a second write: a failure before it leaves no visible project (an
    // orphan table document is invisible, as lists start from project documents).
    await writeDocs(this.pouch, [doc], `${inFile(fileName)}saving the period table`, this.timeoutMs);
    if (isNewProject) {
      const project = this.newProjectDoc(projectId, checkName(meta.name ?? fileName.replace(/\.[^.]+$/, '')), undefined, table.project?.currency);
      await writeDocs(this.pouch, [project], `${inFile(fileName)}saving the period table`, this.timeoutMs);
    }
    this.announce('projects-changed');
    return { projectId, importId, isNewProject };
  }

  async listPeriodTables(projectId: string): Promise<PeriodTableDoc[]> {
    checkId(projectId, 'project');
    const rows = await readRange<PeriodTableDoc>(this.pouch, `periods:${projectId}:`, 'reading the period tables', this.timeoutMs, { docs: true });
    const tables = rows.flatMap((r) => (r.doc && r.doc.type === 'periods' ? [r.doc] : []));
    for (const t of tables) this.assertReadable(t, `The period table ${t.fileName}`);
    return tables.sort((a, b) => (a.importedAt < b.importedAt ? -1 : a.importedAt > b.importedAt ? 1 : 0));
  }

  // --- imports ---------------------------------------------------------------------------------

  async saveImport(schedule: Schedule, meta: ImportMeta, options: SaveImportOptions = {}): Promise<SaveImportResult> {
    const fileName = typeof meta?.fileName === 'string' ? meta.fileName : '';
    const prefix = inFile(fileName);
    const fail = (code: StoreError['code'], message: string, cause?: unknown) => new StoreError(code, prefix + message, { cause });
    if (!fileName.trim() || fileName.length > 1000) throw fail('invalid', 'Earnest could not save this import: the file name is missing or too long. Import the file again.');
    if (typeof meta.format !== 'string' || !meta.format) throw fail('invalid', 'Earnest could not save this import: its format is not recorded. Import the file again.');
    if (typeof meta.fileSize !== 'number' || !Number.isFinite(meta.fileSize) || meta.fileSize < 0) {
      throw fail('invalid', 'Earnest could not save this import: its file size is not a number. Import the file again.');
    }
    if (this.readOnly) throw fail('newer-layout', this.readOnly.message);
    if (this.refusal) throw fail('role', this.refusal);

    // The status date confirmed in the import summary becomes the import's data date.
    let toSave = schedule;
    if (meta.statusDate !== undefined) {
      const { date, source } = meta.statusDate;
      if (typeof date !== 'string' || tryToMinutes(date) === null) {
        throw fail('invalid', `the status date chosen for this import ("${String(date)}") is not a date. Choose the status date again (day, month and year).`);
      }
      toSave = withStatusDate(schedule, date, source);
    }

    let projectId: string;
    const isNewProject = meta.projectId === undefined;
    if (meta.projectId !== undefined) {
      if (typeof meta.projectId !== 'string' || !isValidId(meta.projectId)) {
        throw fail('invalid', 'the project chosen for this import has an invalid id. Choose the project again, or import the file as a new project.');
      }
      const project = await getOrNull<ProjectDoc>(this.pouch, projectDocId(meta.projectId), 'finding the project', this.timeoutMs);
      if (!project) {
        throw fail('not-found', 'the project chosen for this import is not on this device (it may have been deleted, here or by a teammate). Choose another project, or import the file as a new project.');
      }
      projectId = meta.projectId;
    } else {
      projectId = newId();
    }
    const importId = newId();
    const importedAt = new Date().toISOString();

    let built: ReturnType<typeof buildImportDocs>;
    try {
      built = buildImportDocs(toSave, { projectId, importId }, meta, importedAt, this.layoutVersion, options.prepared);
    } catch (e) {
      if (!(e instanceof StoreError)) throw e;
      throw fail(
        'invalid',
        `Earnest could not save this import: ${e.message}. Nothing was stored. This points to a fault in the file reader rather than in your file; please report it with the file.`,
        e,
      );
    }
    const newProject = isNewProject
      ? this.newProjectDoc(projectId, (typeof schedule.project.name === 'string' && schedule.project.name.trim()) || fileName.replace(/\.[^.]+$/, ''), schedule.project.code, fileCurrency(schedule.project.currency))
      : null;

    const pending: PendingSave = { projectId, importId, isNewProject, startedAt: importedAt };
    const context = 'saving this import';
    // Up to date before writing, so that afterwards this save can be noted without reading it back.
    let seqBefore: number | string | null = null;
    try {
      await this.projection.catchUp();
      seqBefore = await this.updateSeq();
    } catch {
      // Noted the slow way after the save (catchUp reads the changes).
    }
    await withLock(saveLockName(this.name, importId), async () => {
      try {
        await updatePending(this.pouch, (r) => ({ ...r, saves: [...r.saves, pending] }), this.timeoutMs);
      } catch (e) {
        throw prefixed(toStoreError(e, context), prefix);
      }
      try {
        const total = built.chunks.length + 1;
        let written = 0;
        options.onProgress?.(0, total);
        await writeDocs(this.pouch, built.chunks, context, this.timeoutMs, {
          sizeOf: (d) => built.bytes.get(d._id ?? '') ?? 0,
          fresh: true,
          onBatch: (batch) => options.onProgress?.((written += batch.length), total),
        });
        // The header (and a new project) last: until they exist the import is invisible.
        await writeDocs(this.pouch, newProject ? [built.header, newProject] : [built.header], context, this.timeoutMs);
        options.onProgress?.(total, total);
      } catch (e) {
        const err = prefixed(toStoreError(e, context), prefix);
        try {
          await this.undoSave(pending);
          await updatePending(this.pouch, (r) => ({ ...r, saves: r.saves.filter((s) => s.importId !== importId) }), this.timeoutMs);
        } catch {
          // Left in the pending record: the next openLocalStore removes the pieces.
        }
        throw err;
      }
      try {
        await updatePending(this.pouch, (r) => ({ ...r, saves: r.saves.filter((s) => s.importId !== importId) }), this.timeoutMs);
      } catch {
        // The import is complete; recovery will see its header and only tidy the record.
      }
    });
    this.announce('projects-changed');

    const warnings: string[] = [];
    try {
      const written = built.chunks.length + 1 + (newProject ? 1 : 0);
      const noted = seqBefore !== null && (await this.projection.acknowledgeOwnWrite({ from: seqBefore, to: await this.updateSeq(), written, projectId, importId }));
      if (!noted) await this.projection.catchUp();
    } catch (e) {
      warnings.push(`The import was saved, but the list of imports could not be refreshed yet: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { projectId, importId, isNewProject, warnings, schedule: toSave };
  }

  /** Removes whatever an unfinished save wrote (its header first, so it never shows half-done). */
  private async undoSave(s: PendingSave): Promise<void> {
    const context = 'removing an unfinished import';
    const header = await getOrNull<ImportHeaderDoc>(this.pouch, importDocId(s.projectId, s.importId), context, this.timeoutMs);
    if (header) await deleteDocs(this.pouch, [{ id: header._id, rev: header._rev }], context, this.timeoutMs);
    for (const kind of CHUNK_KIND_LIST) {
      const rows = await readRange(this.pouch, `${kind}:${s.projectId}:${s.importId}:`, context, this.timeoutMs, { docs: false });
      await deleteDocs(this.pouch, rows, context, this.timeoutMs);
    }
    if (s.isNewProject) {
      const others = await readRange(this.pouch, `import:${s.projectId}:`, context, this.timeoutMs, { docs: false });
      const project = await getOrNull<ProjectDoc>(this.pouch, projectDocId(s.projectId), context, this.timeoutMs);
      if (project && others.length === 0) await deleteDocs(this.pouch, [{ id: project._id, rev: project._rev }], context, this.timeoutMs);
    }
  }

  /** Finishes or undoes work an earlier session left half-done (see pending.ts). */
  async recover(): Promise<RecoveryReport> {
    const pending = await readPending(this.pouch, this.timeoutMs);
    for (const s of pending.saves) {
      const done = await ifUnlocked(saveLockName(this.name, s.importId), async () => {
        const header = await getOrNull(this.pouch, importDocId(s.projectId, s.importId), 'checking an unfinished save', this.timeoutMs);
        const project = await getOrNull(this.pouch, projectDocId(s.projectId), 'checking an unfinished save', this.timeoutMs);
        if (header && project) this.recovery.savesFinished++;
        else {
          await this.undoSave(s);
          this.recovery.savesUndone++;
        }
        await updatePending(this.pouch, (r) => ({ ...r, saves: r.saves.filter((x) => x.importId !== s.importId) }), this.timeoutMs);
      });
      if (!done) this.recovery.skipped++;
    }
    for (const projectId of pending.deletes) {
      const done = await ifUnlocked(deleteLockName(this.name, projectId), async () => {
        await this.deleteProjectDocs(projectId);
        await updatePending(this.pouch, (r) => ({ ...r, deletes: r.deletes.filter((d) => d !== projectId) }), this.timeoutMs);
        this.recovery.deletesFinished++;
      });
      if (!done) this.recovery.skipped++;
    }
    return this.recovery;
  }

  async listImports(projectId: string): Promise<ImportSummaryRow[]> {
    checkId(projectId, 'project');
    const headers = await this.headersOf(projectId);
    // Completeness comes from the projection, which reads each import's chunks once; reading them
    // here would mean loading every import of the project just to list it.
    let states = new Map<string, { complete: boolean }>();
    try {
      await this.projection.catchUp();
      states = await this.projection.importStates(projectId);
    } catch {
      // Derived tables unavailable: the list still shows, with completeness unknown (false).
    }
    return headers.map((h) => importRow(h, states.get(h.importId)?.complete ?? false));
  }

  async loadImport(projectId: string, importId: string): Promise<Schedule> {
    checkId(projectId, 'project');
    checkId(importId, 'import');
    const header = await getOrNull<ImportHeaderDoc>(this.pouch, importDocId(projectId, importId), 'opening an import', this.timeoutMs);
    if (!header) throw new StoreError('not-found', 'That import is not on this device (it may have been deleted). Reopen the project to see its current imports.');
    return this.assemble(header);
  }

  async importBaselines(projectId: string, importId: string): Promise<Schedule['baselines']> {
    checkId(projectId, 'project');
    checkId(importId, 'import');
    const header = await getOrNull<ImportHeaderDoc>(this.pouch, importDocId(projectId, importId), 'reading an import\u2019s baselines', this.timeoutMs);
    if (!header) throw new StoreError('not-found', 'That import is not on this device (it may have been deleted). Reopen the project to see its current imports.');
    return this.kindItems<Schedule['baselines'][number]>(header, 'base');
  }

  async loadSchedule(projectId: string, importId?: string): Promise<Schedule> {
    checkId(projectId, 'project');
    const project = await this.requireProject(projectId);
    const headers = await this.headersOf(projectId);
    if (!headers.length) throw new StoreError('not-found', `The project "${project.name}" has no imports yet. Import a schedule file into it first.`);
    const target = importId === undefined ? headers[headers.length - 1] : headers.find((h) => h.importId === importId);
    if (!target) throw new StoreError('not-found', `That import is not part of "${project.name}" on this device (it may have been deleted). Reopen the project to see its current imports.`);

    return this.mergeEarlier(target, headers, await this.assemble(target));
  }

  async withHistory(projectId: string, importId: string, latest: Schedule): Promise<Schedule> {
    checkId(projectId, 'project');
    checkId(importId, 'import');
    const headers = await this.headersOf(projectId);
    const target = headers.find((h) => h.importId === importId);
    if (!target) throw new StoreError('not-found', 'That import is not on this device (it may have been deleted). Reopen the project to see its current imports.');
    return this.mergeEarlier(target, headers, latest);
  }

  /** `latest` (the import `target`) with each earlier import's status as a snapshot (summaries.ts historyOf). */
  private async mergeEarlier(target: ImportHeaderDoc, headers: readonly ImportHeaderDoc[], latest: Schedule): Promise<Schedule> {
    const earlier: HistoryInput[] = [];
    const skipped: string[] = [];
    for (const h of historyOf(target, headers)) {
      try {
        const activities = await this.kindItems<Activity>(h, 'act');
        earlier.push({ schedule: statusOnly(h, activities), id: h.importId, label: h.fileName });
      } catch (e) {
        if (!(e instanceof StoreError && e.code === 'incomplete')) throw e;
        skipped.push(`The status in ${h.fileName} was left out of the history: it is still arriving from your team.`);
      }
    }
    const { schedule } = mergeHistory(latest, earlier);
    if (skipped.length && schedule.source) {
      schedule.source = { ...schedule.source, warnings: [...schedule.source.warnings, ...skipped.map((message) => ({ message }))] };
    }
    return schedule;
  }

  async findMatchingProject(schedule: Schedule): Promise<ProjectMatch | null> {
    if (!schedule?.project) return null;
    const candidates = matchCandidates(schedule, await this.projectsWithImports());
    // The activity ids in common, for the candidates only (each costs a read of its latest import).
    const ids = schedule.activities.map((a) => a.code ?? a.id);
    for (const c of candidates.slice(0, 5)) {
      const latest = c.imports.at(-1);
      if (!latest || ids.length === 0) continue;
      try {
        const known = new Set((await this.kindItems<Activity>(latest, 'act')).map((a) => a.code ?? a.id));
        c.evidence.overlap = activityOverlap(ids, known);
      } catch (e) {
        // An import still arriving from the team: the match stands on the other evidence.
        if (!(e instanceof StoreError && e.code === 'incomplete')) throw e;
      }
    }
    return bestMatch(candidates);
  }

  // --- remembered column mappings -------------------------------------------------------------

  async rememberMapping(signature: string, corrections: Record<string, string | null>): Promise<void> {
    checkSignature(signature);
    if (!corrections || typeof corrections !== 'object' || Array.isArray(corrections)) {
      throw new StoreError('invalid', 'Column corrections must be an object of column → field (or null to ignore the column).');
    }
    for (const [k, v] of Object.entries(corrections)) {
      if (v !== null && typeof v !== 'string') throw new StoreError('invalid', `The correction for column "${k}" must name a field or be null.`);
    }
    this.assertWritable();
    const id = mappingDocId(signature);
    for (let attempt = 0; ; attempt++) {
      const existing = await getOrNull<MappingDoc>(this.pouch, id, 'reading a remembered mapping', this.timeoutMs);
      // Later corrections win column by column; a different signature under the same hash is replaced.
      const base = existing && existing.signature === signature ? existing.corrections : {};
      const doc: MappingDoc = { _id: id, type: 'mapping', signature, corrections: { ...base, ...corrections }, updatedAt: new Date().toISOString() };
      if (existing) doc._rev = existing._rev;
      try {
        await guarded(() => this.pouch.put<MappingDoc>(doc), 'remembering column corrections', this.timeoutMs);
        return;
      } catch (e) {
        if (!(e instanceof StoreError && isConflict(e.cause)) || attempt >= 3) throw e;
      }
    }
  }

  async recallMapping(signature: string): Promise<Record<string, string | null> | null> {
    checkSignature(signature);
    const doc = await getOrNull<MappingDoc>(this.pouch, mappingDocId(signature), 'reading a remembered mapping', this.timeoutMs);
    return doc && doc.signature === signature ? { ...doc.corrections } : null;
  }

  // --- derived tables --------------------------------------------------------------------------

  async cacheAnalysis(projectId: string, importId: string, key: string, value: unknown): Promise<void> {
    if (value === undefined) throw new StoreError('invalid', 'An analysis result to cache must be a value, not undefined.');
    // Kept in memory at once (before the write below has started), so it can be read back at once.
    this.recent = { projectId, importId, key, value };
    await guarded(() => this.derived.analyses.put({ projectId, importId, key, value, computedAt: new Date().toISOString() }), 'caching an analysis', this.timeoutMs);
  }

  async cachedAnalysis<T = unknown>(projectId: string, importId: string, key: string): Promise<T | undefined> {
    const r = this.recent;
    if (r && r.projectId === projectId && r.importId === importId && r.key === key) return r.value as T;
    const row = await guarded(() => this.derived.analyses.get([projectId, importId, key]), 'reading a cached analysis', this.timeoutMs);
    return row ? (row.value as T) : undefined;
  }

  async getPref<T = unknown>(key: string): Promise<T | undefined> {
    const row = await guarded(() => this.derived.prefs.get(key), 'reading a preference', this.timeoutMs);
    return row?.value as T | undefined;
  }

  async setPref(key: string, value: unknown): Promise<void> {
    await guarded(() => this.derived.prefs.put({ key, value }), 'saving a preference', this.timeoutMs);
  }

  refreshDerived(): Promise<ProjectionResult> {
    return this.projection.catchUp();
  }

  rebuildDerived(): Promise<ProjectionResult> {
    return this.projection.rebuildAll();
  }

  requestPersistence(): Promise<boolean> {
    return requestPersistence();
  }

  storageEstimate(): Promise<StorageEstimate | null> {
    return storageEstimate();
  }

  async close(): Promise<void> {
    this.tabs?.close();
    this.listeners.clear();
    if (!this.readOnly) await this.projection.catchUp().catch(() => undefined);
    this.derived.close();
    await guarded(() => this.pouch.close(), 'closing the local database', this.timeoutMs);
  }

  async destroy(): Promise<void> {
    // The other tabs of this account find their projects gone.
    this.announce('projects-changed');
    this.tabs?.close();
    this.listeners.clear();
    this.derived.close();
    await guarded(() => this.derived.delete(), 'deleting the derived tables', this.timeoutMs);
    await guarded(() => this.pouch.destroy(), 'deleting the local database', this.timeoutMs);
  }

  // --- helpers ---------------------------------------------------------------------------------

  private newProjectDoc(projectId: string, name: string, code: string | undefined, currency: string | undefined): ProjectDoc {
    const now = new Date().toISOString();
    const cur = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
    if (currency !== undefined && cur && !CURRENCY_RE.test(cur)) {
      throw new StoreError('invalid', `"${currency}" is not a currency code: use a three-letter ISO 4217 code such as GBP, EUR or USD.`);
    }
    const doc: ProjectDoc = {
      _id: projectDocId(projectId),
      type: 'project',
      projectId,
      name: name.slice(0, MAX_NAME),
      currency: cur || 'GBP',
      createdAt: now,
      updatedAt: now,
    };
    const c = typeof code === 'string' ? code.trim() : '';
    if (c) doc.code = c.slice(0, MAX_NAME);
    return doc;
  }

  private async updateSeq(): Promise<number | string> {
    return (await guarded(() => this.pouch.info(), 'reading the local database', this.timeoutMs)).update_seq;
  }

  private async requireProject(projectId: string): Promise<ProjectDoc> {
    const doc = await getOrNull<ProjectDoc>(this.pouch, projectDocId(projectId), 'reading the project', this.timeoutMs);
    if (!doc) throw new StoreError('not-found', 'That project is not on this device (it may have been deleted, here or by a teammate). Go back to the project list.');
    return doc;
  }

  private async headersOf(projectId: string): Promise<ImportHeaderDoc[]> {
    const rows = await readRange<ImportHeaderDoc>(this.pouch, `import:${projectId}:`, 'listing imports', this.timeoutMs, { docs: true, pageSize: 500 });
    return rows.flatMap((r) => (r.doc && r.doc.type === 'import' ? [r.doc] : [])).sort(compareImports);
  }

  private async projectsWithImports(): Promise<{ row: ProjectSummaryRow; doc: ProjectDoc; imports: ImportHeaderDoc[] }[]> {
    const projects = await readRange<ProjectDoc>(this.pouch, 'project:', 'listing projects', this.timeoutMs, { docs: true, pageSize: 500 });
    const headers = await readRange<ImportHeaderDoc>(this.pouch, 'import:', 'listing projects', this.timeoutMs, { docs: true, pageSize: 500 });
    const byProject = new Map<string, ImportHeaderDoc[]>();
    for (const r of headers) {
      if (!r.doc || r.doc.type !== 'import') continue;
      const list = byProject.get(r.doc.projectId);
      if (list) list.push(r.doc);
      else byProject.set(r.doc.projectId, [r.doc]);
    }
    const periodRows = await readRange<PeriodTableDoc>(this.pouch, 'periods:', 'listing projects', this.timeoutMs, { docs: true, pageSize: 500 });
    const periodsByProject = new Map<string, PeriodTableDoc[]>();
    for (const r of periodRows) {
      if (!r.doc || r.doc.type !== 'periods') continue;
      periodsByProject.set(r.doc.projectId, [...(periodsByProject.get(r.doc.projectId) ?? []), r.doc]);
    }
    return projects.flatMap((r) => {
      if (!r.doc || r.doc.type !== 'project') return [];
      const imports = (byProject.get(r.doc.projectId) ?? []).sort(compareImports);
      return [{ row: withPeriodTables(projectRow(r.doc, imports), periodsByProject.get(r.doc.projectId) ?? []), doc: r.doc, imports }];
    });
  }

  private async kindDocs(h: ImportHeaderDoc, kind: ChunkKind): Promise<ChunkDoc[]> {
    const prefix = chunkDocId(kind, h.projectId, h.importId, 0).slice(0, -5);
    const rows = await readRange<ChunkDoc>(this.pouch, prefix, `opening the import of ${h.fileName}`, this.timeoutMs, { docs: true });
    return rows.flatMap((r) => (r.doc ? [r.doc] : []));
  }

  private async kindItems<T>(h: ImportHeaderDoc, kind: ChunkKind): Promise<T[]> {
    this.assertReadable(h, `The import of ${h.fileName}`);
    const expected = h.chunks[kind];
    if (expected === undefined) return [];
    return itemsFromChunks(kind, await this.kindDocs(h, kind), expected, h.counts[kind] ?? 0, `The import of ${h.fileName}`) as T[];
  }

  private async assemble(header: ImportHeaderDoc): Promise<Schedule> {
    this.assertReadable(header, `The import of ${header.fileName}`);
    const docs: ChunkDoc[] = [];
    for (const kind of CHUNK_KIND_LIST) if (header.chunks[kind] !== undefined) docs.push(...(await this.kindDocs(header, kind)));
    return assembleSchedule(header, docs);
  }
}

/** An earlier import reduced to what a status snapshot needs: its project (data date) and activities. */
function statusOnly(h: ImportHeaderDoc, activities: Activity[]): Schedule {
  return {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: h.project,
    wbs: [],
    activities,
    relationships: [],
    calendars: [],
    resources: [],
    assignments: [],
    codeTypes: [],
    snapshots: [],
    baselines: [],
    changeOrders: [],
  };
}

/** The file's currency when it is an ISO 4217 code; otherwise none, so the project gets the default. */
function fileCurrency(currency: unknown): string | undefined {
  const c = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  return CURRENCY_RE.test(c) ? c : undefined;
}

function prefixed(e: StoreError, prefix: string): StoreError {
  return prefix && !e.message.startsWith(prefix) ? new StoreError(e.code, prefix + e.message, { cause: e.cause ?? e }) : e;
}

function checkId(id: unknown, what: 'project' | 'import'): asserts id is string {
  if (typeof id !== 'string' || !isValidId(id)) {
    throw new StoreError('invalid', `"${String(id).slice(0, 80)}" is not a valid ${what} id. Go back to the project list and choose the ${what} again.`);
  }
}

/** A document's size as its JSON's length in characters: what the /pwa table estimates from. */
function jsonBytes(doc: unknown): number {
  return doc === undefined ? 0 : JSON.stringify(doc).length;
}

function checkName(name: unknown): string {
  const clean = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!clean) throw new StoreError('invalid', 'A project needs a name. Type one and try again.');
  if (clean.length > MAX_NAME) throw new StoreError('invalid', `A project name can be at most ${MAX_NAME} characters; this one has ${clean.length}. Shorten it and try again.`);
  return clean;
}

function checkSignature(signature: unknown): asserts signature is string {
  if (typeof signature !== 'string' || !signature) throw new StoreError('invalid', 'A column mapping needs a signature (the file layout it applies to).');
}

function mappingDocId(signature: string): string {
  return `mapping:${hashText(signature)}-${signature.length.toString(36)}`;
}

/** A project row counting its period tables as imports, dated by the latest table's last reported period. */
function withPeriodTables(row: ProjectSummaryRow, tables: readonly PeriodTableDoc[]): ProjectSummaryRow {
  if (tables.length === 0) return row;
  const latest = [...tables].sort((a, b) => (a.importedAt < b.importedAt ? -1 : 1)).at(-1) as PeriodTableDoc;
  const reported = latest.table.rows.filter((r) => r.ev !== null || r.ac !== null).at(-1);
  const out: ProjectSummaryRow = { ...row, importCount: row.importCount + tables.length, periodTables: tables.length };
  if (latest.importedAt > out.updatedAt) out.updatedAt = latest.importedAt;
  if (!out.latestDataDate && reported?.end) out.latestDataDate = reported.end;
  return out;
}
