/**
 * The data worker: owns the local store (PouchDB documents + Dexie derived tables) and runs the
 * analysis next to it, so that schedules of any size go file → import worker → here → IndexedDB
 * without ever being parsed or measured on the page's thread. The page gets summaries and the
 * dashboard's results.
 *
 * Departure from DESIGN.md ("workers import src/core and comlink only"): this worker also imports
 * src/local/store. Keeping storage on the page would mean deserialising every imported schedule
 * there (a 100k-activity schedule is ~100 MB of JSON), and the analysis would then have to copy it
 * back to a worker. The import worker, which runs untrusted parsers, still imports only src/core.
 */
import * as Comlink from 'comlink';
import type { PeriodTable } from '../src/core/evm';
import type { Schedule, StatusDateSource } from '../src/core/model';
import { defaultStatusDate, localToday, type StatusDateChoice } from '../src/core/model/statusDate';
import { localStoreNameFor, openLocalStore, projectDashboard, StoreError, type DashboardOptions, type DashboardResult, type LocalStore, type StorageEstimate } from '../src/local/store';

export type { DashboardResult };

/** The app build (vite.config.ts `define`): cached results from an older engine are not reused. */
const BUILD_ID = typeof __EARNEST_BUILD__ === 'string' ? __EARNEST_BUILD__ : 'dev';

/**
 * The account whose local database this worker serves (src/client/data.ts says so first thing and
 * starts a fresh worker when someone else signs in), so one person's projects never open for another.
 */
let account: string | null = null;
let storePromise: Promise<LocalStore> | null = null;
const store = (): Promise<LocalStore> => {
  if (!account) return Promise.reject(new StoreError('invalid', 'Sign in to open your projects: they are kept on this device per account.'));
  const userId = account;
  return (storePromise ??= localStoreNameFor(userId).then((name) => openLocalStore({ name, adoptLegacy: true })));
};

/** Schedules read by the import worker, waiting for the user to say where they go. */
const pending = new Map<string, { schedules: Schedule[]; fileName: string; format: string; fileSize: number }>();
let pendingSeq = 0;

export interface PendingSchedule {
  index: number;
  name: string;
  code?: string;
  activities: number;
  relationships: number;
  resources: number;
  assignments: number;
  dataDate?: string;
  /**
   * The status date the import summary proposes (model/statusDate.ts, with this device's today)
   * and why; the user may keep it or choose another before saving.
   */
  statusDate: StatusDateChoice;
  currency: string;
  warnings: { message: string; where?: string }[];
  /** The existing project this looks like the next status of. */
  match?: { id: string; name: string };
}

const api = {
  /** Binds this worker to one account's local database; a worker never switches accounts. */
  useAccount(userId: string) {
    if (account !== null && account !== userId) throw new Error('This data worker already holds another account’s projects; start a new one.');
    account = userId;
  },
  async listProjects() {
    return (await store()).listProjects();
  },
  async createProject(input: { name: string; code?: string; currency?: string }) {
    return (await store()).createProject(input);
  },
  async deleteProject(id: string) {
    await (await store()).deleteProject(id);
  },
  async listImports(projectId: string) {
    return (await store()).listImports(projectId);
  },

  /** What this account keeps on this device, for the account page's "This device" section. */
  async deviceSummary(): Promise<{ projects: number; imports: number; storage: StorageEstimate | null }> {
    const s = await store();
    const projects = await s.listProjects();
    return { projects: projects.length, imports: projects.reduce((n, p) => n + p.importCount, 0), storage: await s.storageEstimate() };
  },
  /**
   * Deletes this account's projects from this device (a shared machine being handed on). Nothing is
   * synced yet, so the page asks first and says so; the next call opens a fresh, empty database.
   */
  async removeFromDevice(): Promise<void> {
    const s = await store();
    storePromise = null;
    pending.clear();
    await s.destroy();
  },

  /** Takes the import worker's JSON (transferred), parses it here and describes what it holds. */
  async stage(json: ArrayBuffer, meta: { fileName: string; format: string; fileSize: number }): Promise<{ pendingId: string; schedules: PendingSchedule[] }> {
    const schedules = JSON.parse(new TextDecoder().decode(json)) as Schedule[];
    const s = await store();
    const pendingId = `p${++pendingSeq}`;
    pending.set(pendingId, { schedules, ...meta });
    const today = localToday(new Date());
    const out: PendingSchedule[] = [];
    for (let i = 0; i < schedules.length; i++) {
      const sc = schedules[i];
      const match = await s.findMatchingProject(sc);
      out.push({
        index: i,
        name: sc.project.name,
        code: sc.project.code,
        activities: sc.activities.length,
        relationships: sc.relationships.length,
        resources: sc.resources.length,
        assignments: sc.assignments.length,
        dataDate: sc.project.dataDate,
        statusDate: defaultStatusDate(sc, today),
        currency: sc.project.currency,
        warnings: sc.source?.warnings ?? [],
        match: match ? { id: match.id, name: match.name } : undefined,
      });
    }
    return { pendingId, schedules: out };
  },

  /**
   * Stores staged schedules: each into the project given (its next status) or a new project (null),
   * at the status date confirmed in the import summary (omitted: the file's own data date).
   */
  async commit(pendingId: string, targets: { index: number; projectId: string | null; statusDate?: { date: string; source: StatusDateSource } }[]) {
    const p = pending.get(pendingId);
    if (!p) throw new Error('This import is no longer waiting to be saved (the page was reloaded?). Import the file again.');
    const s = await store();
    const saved = [];
    for (const t of targets) {
      const r = await s.saveImport(p.schedules[t.index], {
        projectId: t.projectId ?? undefined,
        fileName: p.fileName,
        format: p.format,
        fileSize: p.fileSize,
        ...(t.statusDate ? { statusDate: t.statusDate } : {}),
      });
      saved.push(r);
    }
    pending.delete(pendingId);
    return saved;
  },

  discard(pendingId: string) {
    pending.delete(pendingId);
  },

  /** Keeps an analysed period table as a project (new, or the given one's latest figures). */
  async savePeriodTable(table: PeriodTable, meta: { fileName: string; projectId?: string }) {
    return (await store()).savePeriodTable(table, meta);
  },

  /** The project's dashboard (src/local/store/dashboard.ts): its latest or a chosen import, at its own or a chosen status date. */
  async dashboard(projectId: string, options: DashboardOptions = {}): Promise<DashboardResult> {
    return projectDashboard(await store(), projectId, options, new Date(), BUILD_ID);
  },

  async rememberMapping(signature: string, corrections: Record<string, string | null>) {
    await (await store()).rememberMapping(signature, corrections);
  },
  async recallMapping(signature: string) {
    return (await store()).recallMapping(signature);
  },
};

export type DataWorkerApi = typeof api;

Comlink.expose(api);
