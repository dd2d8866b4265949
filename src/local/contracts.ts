/**
 * The one module of types that pages and workers share (DESIGN.md "Layout"). Pages import what the
 * data worker and the import worker answer from here, never from a worker entry or from the rest
 * of src/local, so a page cannot pull storage code into its bundle by accident, and each worker's
 * interface is written down in one place rather than inferred from its implementation.
 *
 * Types only, and the few constants both sides must agree on. Everything here crosses a
 * postMessage, so it is plain data (structured-clonable), apart from callbacks, which the page
 * passes wrapped in Comlink.proxy.
 */
import type { EacMethod, PeriodTable, ScheduleAnalysisOptions } from '../core/evm';
import type { DashboardData } from '../core/insight';
import type { ImportProgress, ParseOptions, ParseOutcome, ProjectSummary } from '../core/import';
import type { ImportWarning, StatusDateSource } from '../core/model';
import type { LocalDateTime } from '../core/model/dates';
import type { StatusDateChoice } from '../core/model/statusDate';
import type { analyseSample } from '../core/sample/riversideViaduct';
import type { TeamRole } from '../core/api/teams';
import type { PendingReport, WaitResult } from './sync/controller';
import type { SyncSnapshot } from './sync/status';

export type { SyncProblemCode } from './sync/problems';
export type { SyncSnapshot, SyncState, TeamSyncStatus } from './sync/status';
export type { PendingReport, WaitResult };

// --- projects and imports as lists show them ---------------------------------------------------

export interface ProjectSummaryRow {
  id: string;
  name: string;
  code?: string;
  currency: string;
  /** Status date of the latest import. */
  latestDataDate?: LocalDateTime;
  latestImportId?: string;
  importCount: number;
  /** Activities in the latest import. */
  activityCount: number;
  /** Period tables (PV/EV/AC per period) imported into this project, when it has any. */
  periodTables?: number;
  createdAt: string;
  /** The later of the project's own change and its latest import (ISO instant). */
  updatedAt: string;
  /**
   * The team whose database holds the project (every project lives in exactly one team's space;
   * the home team is the user's personal space). Filled in by the data worker's account session,
   * which knows which team database each row came from.
   */
  teamId?: string;
  teamName?: string;
  /** The user's role in that team: a viewer's screens are read-only. */
  role?: TeamRole;
}

export interface ImportSummaryRow {
  projectId: string;
  importId: string;
  fileName: string;
  format: string;
  fileSize: number;
  /** The import's data date: the file's own, or the one confirmed when it was imported. */
  dataDate?: LocalDateTime;
  /** The data date or, failing that, what the file supports (model/statusDate.ts): what orders the history. */
  statusDate?: LocalDateTime;
  activityCount: number;
  importedAt: string;
  warningsCount: number;
  /** The project code and name the file itself gives. */
  sourceProjectCode?: string;
  sourceProjectName: string;
  /** False while some of its documents are still arriving from the team. */
  complete: boolean;
}

export interface StorageEstimate {
  /** Bytes used by this site (all its storage, not only Earnest's databases). */
  usage: number;
  /** Bytes the browser will let this site use. */
  quota: number;
  /** usage / quota, 0..1. */
  fractionUsed: number;
  persisted: boolean | null;
}

/** What this account keeps on this device, for the account page's "This device" section. */
export interface DeviceSummary {
  projects: number;
  imports: number;
  storage: StorageEstimate | null;
}

// --- the dashboard -----------------------------------------------------------------------------

export type DashboardResult = DashboardData & { importWarnings: ImportWarning[] };

export type DashboardOptions = Omit<ScheduleAnalysisOptions, 'today'> & { importId?: string };

/**
 * The options a project's dashboard opens with. The data worker computes the first dashboard with
 * these while it saves an import, from the schedule it already holds, so the page that opens next
 * finds it ready; the page starts from the same values.
 */
export const FIRST_DASHBOARD_OPTIONS: { breakdown: 'wbs'; periods: 'month'; eacMethod: EacMethod } = { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' };

// --- importing: read (import worker), stage, save (data worker) ---------------------------------

export type ImportOptions = Omit<ParseOptions, 'onProgress' | 'isCancelled'>;

/** What the import worker answers for a file it could read. */
export type ImportOutcome =
  /** Schedules, as UTF-8 JSON in a transferable buffer: the page hands it on to the data worker unread. */
  | { kind: 'schedules'; detectionLabel: string; note?: string; projects: ProjectSummary[]; schedulesJson: ArrayBuffer; warnings: number }
  | (Extract<ParseOutcome, { kind: 'period-table' }> & { dashboard: DashboardData })
  | Extract<ParseOutcome, { kind: 'needs-mapping' }>;

/** What the import worker answers for a file it could not read: the message says what and what to do. */
export interface ImportFailure {
  kind: 'error';
  message: string;
  where?: string;
}

export interface ImportWorkerApi {
  parse(buffer: ArrayBuffer, options: ImportOptions, onProgress?: (p: ImportProgress) => void): Promise<ImportOutcome | ImportFailure>;
}

export interface StageMeta {
  fileName: string;
  format: string;
  fileSize: number;
}

/** One schedule of a staged file, as the import summary shows it. */
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

export interface StagedImport {
  pendingId: string;
  schedules: PendingSchedule[];
}

/** Where one staged schedule goes, and at which status date. */
export interface CommitTarget {
  index: number;
  /** The project it is the next status of; null for a new project. */
  projectId: string | null;
  /** The team a new project is created in (ignored when `projectId` is set); default the home team. */
  teamId?: string;
  /** The status date confirmed in the import summary; omitted: the file's own. */
  statusDate?: { date: string; source: StatusDateSource };
}

export interface SavedImport {
  projectId: string;
  importId: string;
  isNewProject: boolean;
  /** Problems that did not stop the save. */
  warnings: string[];
}

/**
 * How far a save has gone. `writing`: documents of the import stored so far, of all of them (one
 * file may hold several schedules: the counts run over all). `analysing`: the first dashboard.
 */
export interface SaveProgress {
  phase: 'writing' | 'analysing';
  done: number;
  total: number;
  /** The schedule being saved (1-based) and how many the file holds. */
  schedule: number;
  schedules: number;
}

// --- tabs --------------------------------------------------------------------------------------

/**
 * What the data worker tells its page unasked. `projects-changed`: another tab (or this one) added,
 * changed or removed projects, so lists should be read again. `read-only`: data on this device was
 * written by a newer version of Earnest than this tab runs; this tab no longer writes, and the page
 * asks the user to reload.
 */
export type StoreEvent =
  | { kind: 'projects-changed' }
  | { kind: 'read-only'; message: string; layout: number; build?: string };

// --- sync ---------------------------------------------------------------------------------------

/** A team the signed-in user belongs to, as GET /api/teams lists it. */
export interface SyncTeam {
  id: string;
  name: string;
  role: TeamRole;
  /** The user's own (personal) team. */
  isHome: boolean;
}

/** What the page hands the data worker after sign-in (and again whenever membership changes). */
export interface SyncStart {
  /** `location.origin`: the gateway is `<origin>/db/<teamId>`. */
  origin: string;
  /** The page's current access token; newer ones arrive on the `earnest-auth-token` channel. */
  accessToken: string | null;
  teams: SyncTeam[];
}

// --- the data worker ---------------------------------------------------------------------------

export interface DataApi extends SyncApi {
  /** Binds this worker to one account's local database; a worker never switches accounts. */
  useAccount(userId: string): Promise<void>;
  /** Calls `listener` (a Comlink.proxy) on every StoreEvent; the current read-only state first, if any. */
  subscribe(listener: (event: StoreEvent) => void): Promise<void>;

  listProjects(): Promise<ProjectSummaryRow[]>;
  /** A new, empty project, in the team given (default the personal space, the home team). */
  createProject(input: { name: string; code?: string; currency?: string; teamId?: string }): Promise<ProjectSummaryRow>;
  deleteProject(id: string): Promise<void>;
  listImports(projectId: string): Promise<ImportSummaryRow[]>;

  deviceSummary(): Promise<DeviceSummary>;
  /** Deletes this account's projects from this device; the next call opens a fresh, empty database. */
  removeFromDevice(): Promise<void>;

  /** Takes the import worker's JSON (transferred, not copied), parses it and describes what it holds. */
  stage(json: ArrayBuffer, meta: StageMeta): Promise<StagedImport>;
  /** Saves staged schedules: each into the project given or a new one; reports progress as it goes. */
  commit(pendingId: string, targets: CommitTarget[], onProgress?: (p: SaveProgress) => void): Promise<SavedImport[]>;
  /** Drops staged schedules the user did not save (cancel, or leaving the import page). */
  discard(pendingId: string): Promise<void>;

  /** Keeps an analysed period table as a project (new, or the given one's latest figures). */
  savePeriodTable(table: PeriodTable, meta: { fileName: string; projectId?: string; teamId?: string }): Promise<{ projectId: string; importId: string; isNewProject: boolean }>;
  /** The project's dashboard: its latest or a chosen import, at its own or a chosen status date. */
  dashboard(projectId: string, options?: DashboardOptions): Promise<DashboardResult>;

  rememberMapping(signature: string, corrections: Record<string, string | null>): Promise<void>;
  recallMapping(signature: string): Promise<Record<string, string | null> | null>;
}

/** The data worker's sync calls (issue 13); DataApi takes them on once the worker implements them. */
export interface SyncApi {
  /**
   * Opens one device database per team, migrates the old per-account database into the home
   * team's first (nothing lost), and starts replicating each team through the gateway. Calling it
   * again with other teams or roles updates what syncs; idempotent.
   */
  startSync(start: SyncStart): Promise<void>;
  /** Calls `listener` (a Comlink.proxy) with the sync status now and on every change. */
  subscribeSync(listener: (snapshot: SyncSnapshot) => void): Promise<void>;
  /** What this device holds that the server does not have yet, per team (the sign-out warning). */
  pendingChanges(): Promise<PendingReport[]>;
  /** Waits up to `timeoutMs` for everything to reach the server ("Wait for them to be sent"). */
  waitForSent(timeoutMs: number): Promise<WaitResult>;
  /** Stops replicating (sign-out); the data stays on the device. */
  stopSync(): Promise<void>;
  /** Renames a project (a mutable field: concurrent renames on two devices are both kept until resolved). */
  renameProject(projectId: string, name: string): Promise<void>;
}

// --- the home page's tour ----------------------------------------------------------------------

export interface TourWorkerApi {
  analyseSample: typeof analyseSample;
}
