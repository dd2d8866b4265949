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
import type { AlertRule } from '../core/insight/rules';
import type { ImportProgress, ParseOptions, ParseOutcome, ProjectSummary } from '../core/import';
import type { ImportWarning, StatusDateSource } from '../core/model';
import type { BreakdownKind } from '../core/evm/types';
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
  /**
   * How many names the project has while two devices' renames are in conflict (both kept until
   * someone chooses on the dashboard: DataApi projectNameConflict); absent when it has one.
   */
  nameVersions?: number;
  /** The user's role in that team: a viewer's screens are read-only. */
  role?: TeamRole;
  /**
   * What arrived since this user last opened the project's dashboard on this device (collaboration
   * section below); absent when nothing did, or when they never opened it here.
   */
  changes?: ProjectChanges;
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
  /** Who imported it (name), when the build that saved it recorded that. */
  importedBy?: string;
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

/** One project's share of this device's storage (/pwa "This device"). */
export interface ProjectSize {
  projectId: string;
  name: string;
  /**
   * Where it lives: "Personal space" for the user's own (home) team, as the projects list calls it,
   * else the team's name; absent for the personal space of builds before teams.
   */
  teamName?: string;
  /** In the user's personal space. */
  personal: boolean;
  /**
   * About how many bytes its documents take: the length of their JSON (the project, its imports'
   * headers and chunks, period tables, comments and narratives). Indexes and the databases' own
   * bookkeeping come on top, so the storage figure above is larger than the sum.
   */
  bytes: number;
}

/** Project names are 1..PROJECT_NAME_MAX_CHARS characters (the store's check). */
export const PROJECT_NAME_MAX_CHARS = 200;

/** What this account keeps on this device, for the account page's "This device" section. */
export interface DeviceSummary {
  projects: number;
  imports: number;
  storage: StorageEstimate | null;
}

// --- the dashboard -----------------------------------------------------------------------------

export type DashboardResult = DashboardData & {
  importWarnings: ImportWarning[];
  /**
   * The alert rules the figures were judged by (the project's thresholds, with any control-account
   * overrides): cards, breakdown cells and the alerts screen all read these, so they never disagree.
   * Absent: the defaults (core/insight/rules.ts DEFAULT_RULES).
   */
  rules?: readonly AlertRule[];
};

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
  /** The page's `navigator.onLine`; later changes come with setOnline. */
  online?: boolean;
}

// --- collaboration: comments, variance narratives, what changed (issue 13) ----------------------

/** Comments are 1..COMMENT_MAX_CHARS characters; VAR texts (cause, impact, corrective action) at most VAR_TEXT_MAX_CHARS. */
export const COMMENT_MAX_CHARS = 5000;
export const VAR_TEXT_MAX_CHARS = 5000;
export const VAR_OWNER_MAX_CHARS = 200;

/** What a comment is about: the project, a breakdown element (WBS element, control account), or an alert on a node. */
export type CommentTarget =
  | { kind: 'project' }
  | { kind: 'element'; nodeId: string; nodeKind: BreakdownKind; name?: string }
  | { kind: 'alert'; metric: string; nodeId: string; nodeKind: BreakdownKind; name?: string };

/**
 * The thread a target belongs to: `project`, `element:<kind>:<id>`, `alert:<metric>:<kind>:<id>`.
 * An alert's thread is keyed by metric, not rule, so it survives a warning turning critical.
 */
export function commentTargetKey(t: CommentTarget): string {
  switch (t.kind) {
    case 'project':
      return 'project';
    case 'element':
      return `element:${t.nodeKind}:${t.nodeId}`;
    case 'alert':
      return `alert:${t.metric}:${t.nodeKind}:${t.nodeId}`;
  }
}

/**
 * What an editor saw of a mutable document (sync/mutable.ts `seenOf`): passed back with an edit,
 * so a version that arrived after the screen showed the document is kept beside the edit, as a
 * conflict, instead of being overwritten unseen.
 */
export type SeenToken = Record<string, Record<string, number>[]>;

/** One side of a conflict: a value two devices wrote without seeing each other. */
export interface ConflictVersion<T = string> {
  value: T;
  /** Who wrote it (name), when known. */
  who?: string;
  /** When (ISO instant, on the writer's clock). */
  at: string;
}

export interface CommentRow {
  id: string;
  projectId: string;
  target: CommentTarget;
  targetKey: string;
  text: string;
  resolved: boolean;
  author: { id: string; name: string };
  createdAt: string;
  /** The latest edit (text or resolved) on any device. */
  updatedAt: string;
  /** The text was changed after it was written. */
  edited: boolean;
  /** Written by the signed-in user: only they may edit or delete it. */
  mine: boolean;
  /** Two versions of the text written at once on two devices, the one shown first; null when none. */
  conflict: ConflictVersion[] | null;
  seen: SeenToken;
}

export type VarStatus = 'draft' | 'submitted' | 'approved';

export interface VarFields {
  cause: string;
  impact: string;
  correctiveAction: string;
  owner: string;
  /** YYYY-MM-DD, or '' when not set. */
  dueDate: string;
}

export interface VarView extends VarFields {
  id: string;
  status: VarStatus;
  createdAt: string;
  updatedAt: string;
  /** Fields two devices changed at once: every version kept until someone chooses. */
  conflicts: { field: keyof VarFields | 'status'; versions: ConflictVersion[] }[];
  seen: SeenToken;
}

export interface VarianceBreachRow {
  metric: string;
  label: string;
  severity: 'warning' | 'critical';
  value: number;
  threshold: number;
  /** "CPI 0.85 below 0.90". */
  text: string;
}

/** A control account of the status period: breaching a threshold, or holding a VAR. */
export interface VarianceRow {
  nodeId: string;
  code: string;
  name: string;
  nodeKind: BreakdownKind;
  /** Null when it no longer breaches (a VAR written earlier is still listed). */
  severity: 'warning' | 'critical' | null;
  breaches: VarianceBreachRow[];
  var: VarView | null;
  /** Cause and impact drafted from the commentary, for "Draft from the commentary". */
  draft: { cause: string; impact: string } | null;
}

export interface VarianceList {
  /** The status period (the analysis's data date, YYYY-MM-DD); null when the analysis has none. */
  period: string | null;
  rows: VarianceRow[];
  /** Why there are no rows to write against (no breakdown, no data date), when so. */
  note?: string;
}

/** Which VAR: a control account (breakdown node) in a status period. */
export interface VarKey {
  nodeId: string;
  period: string;
  /** The account's code and name as shown, kept with a new VAR. */
  code?: string;
  name?: string;
}

/** What arrived in a project since this user last opened its dashboard on this device. */
export interface ProjectChanges {
  /** Status imports (schedules or period tables) new since then, by anyone. */
  newImports: number;
  /** The data date of the latest new one. */
  latestDataDate?: LocalDateTime;
  /** Who imported them, when their builds recorded it (others only). */
  importedBy?: string[];
  /** Comments by others new since then. */
  newComments: number;
}

// --- the data worker ---------------------------------------------------------------------------

export interface DataApi extends SyncApi, ActivityGridApi {
  /**
   * Binds this worker to one account's local database; a worker never switches accounts. `who`
   * names the user on what they write (comments, VARs, imports).
   */
  useAccount(userId: string, who?: { name: string }): Promise<void>;
  /** Calls `listener` (a Comlink.proxy) on every StoreEvent; the current read-only state first, if any. */
  subscribe(listener: (event: StoreEvent) => void): Promise<void>;

  listProjects(): Promise<ProjectSummaryRow[]>;
  /** A new, empty project, in the team given (default the personal space, the home team). */
  createProject(input: { name: string; code?: string; currency?: string; teamId?: string }): Promise<ProjectSummaryRow>;
  deleteProject(id: string): Promise<void>;
  listImports(projectId: string): Promise<ImportSummaryRow[]>;
  /**
   * The project's names while two devices' renames are in conflict, the one shown first (who and
   * when with each); null when it has one name.
   */
  projectNameConflict(projectId: string): Promise<ConflictVersion[] | null>;
  /** Ends a name conflict with the name chosen: an edit that has seen every version, so it replaces them everywhere. */
  resolveProjectName(projectId: string, name: string): Promise<void>;

  deviceSummary(): Promise<DeviceSummary>;
  /** Each project's local size, largest first. */
  projectSizes(): Promise<ProjectSize[]>;
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

  // Collaboration (issue 13). Comments and VARs are mutable documents in the project's database:
  // they work offline and sync with it; concurrent edits of one text keep both until resolved.
  /** Every comment of the project, oldest first. */
  listComments(projectId: string): Promise<CommentRow[]>;
  addComment(projectId: string, target: CommentTarget, text: string): Promise<CommentRow>;
  /** Changes the text of the user's own comment. */
  editComment(projectId: string, commentId: string, text: string, seen?: SeenToken): Promise<CommentRow>;
  setCommentResolved(projectId: string, commentId: string, resolved: boolean, seen?: SeenToken): Promise<CommentRow>;
  /** Deletes the user's own comment; `deleted: false` when it changed since `seen` (look again). */
  deleteComment(projectId: string, commentId: string, seen?: SeenToken): Promise<{ deleted: boolean }>;
  /** Ends a text conflict with the version chosen (or a new text). */
  resolveCommentConflict(projectId: string, commentId: string, text: string): Promise<CommentRow>;

  /** The control accounts breaching a threshold in the analysis these options give, with their VARs. */
  listVariances(projectId: string, options?: DashboardOptions): Promise<VarianceList>;
  /** Creates or edits a draft VAR. */
  saveVariance(projectId: string, key: VarKey, fields: Partial<VarFields>, seen?: SeenToken): Promise<VarView>;
  /** draft → submitted (every field filled in) → approved; submitted or approved → draft. */
  setVarianceStatus(projectId: string, key: VarKey, status: VarStatus): Promise<VarView>;
  resolveVarianceConflict(projectId: string, key: VarKey, field: keyof VarFields | 'status', value: string): Promise<VarView>;

  /** Records that the user has seen the project as it is now (its dashboard opened): clears `changes`. */
  markProjectSeen(projectId: string): Promise<void>;

  /**
   * Moves a project, with its imports, comments and VARs, to another of the user's spaces (the
   * personal space is the home team's id). Needs a connection: the target's server must have the
   * copy before the project leaves where it was. Refused, with why, for a viewer in either space,
   * offline, or when the target team is at its projects limit (then nothing is moved). Emits
   * 'projects-changed'; the project's id stays the same.
   */
  moveProject(projectId: string, toTeamId: string, onProgress?: (p: MoveProgress) => void): Promise<MovedProject>;
}

/** A move's progress, as the dialog shows it. */
export interface MoveProgress {
  step: 'copying' | 'sending' | 'removing' | 'done';
  message: string;
}

export interface MovedProject {
  projectId: string;
  teamId: string;
  /** The space's name as the pages show it (the personal space: PERSONAL_SPACE). */
  teamName: string;
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
  /**
   * The page's online state changed. The page is the one place the app reads it (the header's
   * offline indicator too), so the sync status and the indicator never disagree; a worker's own
   * online events differ between browsers.
   */
  setOnline(online: boolean): Promise<void>;
  /** Renames a project (a mutable field: concurrent renames on two devices are both kept until resolved). */
  renameProject(projectId: string, name: string): Promise<void>;
}

// --- the home page's tour ----------------------------------------------------------------------

export interface TourWorkerApi {
  analyseSample: typeof analyseSample;
}

// --- activity grid (issue 14) -------------------------------------------------------------------

/** One row of the activity grid (core/evm/activityValues.ts ActivityRow): plain data. */
export type ActivityGridRow = import('../core/evm/activityValues').ActivityRow;
export type ActivityGridSortKey = import('../core/evm/activityValues').ActivitySortKey;

export interface ActivityGridQuery {
  /** Which import (default the latest). */
  importId?: string;
  /** A status date to measure at (default the import's own), as the project toolbar chose. */
  dataDate?: string;
  sort?: { key: ActivityGridSortKey; dir: 'asc' | 'desc' };
  /** Text that the Activity ID, name or WBS must contain (case-insensitive). */
  filter?: string;
  /** The window of rows wanted, in the sorted and filtered order. */
  offset: number;
  limit: number;
}

export interface ActivityGridPage {
  /** Rows matching the filter (all of them, not only the window). */
  total: number;
  /** All activities of the schedule. */
  activities: number;
  /** Rows offset .. offset + limit − 1 of the sorted, filtered list. */
  offset: number;
  rows: ActivityGridRow[];
  dataDate: string;
  measureBasis: 'cost' | 'units' | 'duration';
  currency: string;
  /** Why AC is blank, when the schedule records no actuals. */
  acMissingReason: string | null;
  /** How many activities carry total float from the file (0: the column is blank, with a note). */
  withFloat: number;
  /** The longest Activity ID and WBS code in characters (the grid sizes those columns so no code is cut). */
  longest: { code: number; wbs: number };
}

/** The activity grid's calls: the data worker keeps the schedule and its per-activity figures, and sends only the window asked for. */
export interface ActivityGridApi {
  activityGrid(projectId: string, query: ActivityGridQuery): Promise<ActivityGridPage>;
}
