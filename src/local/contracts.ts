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
import type { BaselineComparison, EacMethod, PeriodTable, ScheduleAnalysisOptions } from '../core/evm';
import type { DashboardData } from '../core/insight';
import type { AlertRule } from '../core/insight/rules';
import type { ChangeLine, ChangeStatus, ChangeType } from '../core/changes/types';
import type { Reconciliation } from '../core/changes/reconcile';
import type { ProjectThresholds } from '../core/insight/thresholds';
import type { RiskCitation } from '../core/insight/commentary';
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
  /** The approved changes the figures include (change control, issue 14); absent when none. */
  changeControl?: AppliedChanges;
  /**
   * The performance measurement baseline PV and BAC were measured against (issue 14), by name, so
   * the overview can say so in words; absent for a period table, which has no baseline.
   */
  pmb?: MeasuredPmb;
  /** The project's latest schedule risk run (issue 15), cited beside the deterministic forecasts; absent when none. */
  risk?: RiskCitation & { id: string; name: string };
};

/** The PMB a dashboard was measured against. */
export interface MeasuredPmb {
  name: string;
  /** The baseline the latest import carries (no baseline chosen on the Baselines tab). */
  builtIn: boolean;
}

export type DashboardOptions = Omit<ScheduleAnalysisOptions, 'today' | 'budgetRevisions'> & { importId?: string };

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
  /** The existing project this looks like the next status of, and why ("same P6 project id, 45 of 49 activity ids in common"). */
  match?: { id: string; name: string; reason?: string };
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

export interface DataApi extends SyncApi, BaselinesApi, ChangesApi, ThresholdsApi, PortfolioApi, ReportsApi, ActivityGridApi, RiskApi {
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

// --- baselines (issue 14) ---
//
// A baseline is a small document that names its source rather than a copy of it: an import is
// immutable, so "the Baseline 2 of import X" or "the current dates of import Y" always gives the
// same plan, and a project's twenty baselines cost twenty small documents, not twenty copies of
// 100k activities. The performance measurement baseline (PMB) is one of them; the analysis
// measures PV and BAC against it.

/** Where a baseline's dates and budgets come from, in one of the project's imports. */
export type BaselineSource =
  /** The import's own baseline fields (P6 planned dates or baseline project, MS Project Baseline 0). */
  | { kind: 'file'; importId: string }
  /** The import's current dates and its budgets at completion ("set current as baseline"). */
  | { kind: 'current'; importId: string }
  /** A baseline the import holds: MS Project Baseline 1–10, the P6 baseline project, the P6 planned dates. */
  | { kind: 'stored'; importId: string; baselineId: string };

/**
 * The built-in baseline: the baseline fields of the latest import, whichever it is. It is the PMB
 * until another is chosen (what the analysis has always measured against); it cannot be renamed
 * or deleted.
 */
export const LATEST_FILE_BASELINE = 'latest-file';
/** In a comparison: the current status (the latest import's current dates and budgets). */
export const CURRENT_STATUS = 'current-status';
export const BASELINE_NAME_MAX_CHARS = 120;

export interface BaselineRow {
  /** The baseline's id, or LATEST_FILE_BASELINE. */
  id: string;
  name: string;
  /** Absent for the built-in baseline. */
  source?: BaselineSource;
  /** What it was taken from, as a sentence fragment: "Baseline 2 in tower.xml (status 1 Mar 2024)". */
  sourceLabel: string;
  /** The date the source gives it (the import's status date, or the baseline's own date). */
  date?: string;
  /** When it was set (ISO instant) and by whom. */
  createdAt?: string;
  createdBy?: string;
  /** The performance measurement baseline: the one PV and BAC come from. */
  pmb: boolean;
  builtIn: boolean;
  /** Two names written at once on two devices, the one shown first; null when none. */
  nameConflict: ConflictVersion[] | null;
  /** False when its import is not (yet) on this device: it cannot be used until it arrives. */
  available: boolean;
  seen: SeenToken;
}

export interface BaselineList {
  baselines: BaselineRow[];
  /** The PMB's id (LATEST_FILE_BASELINE when none was chosen). */
  pmbId: string;
  /** Why the chosen PMB is not in use (deleted on another device, its import not here yet), when so. */
  pmbProblem?: string;
  /** Two PMBs chosen at once on two devices (the one in use first); null when none. */
  pmbConflict: ConflictVersion[] | null;
}

/** A source a baseline can be created from, as the create form offers it. */
export interface BaselineSourceOption {
  source: BaselineSource;
  /** "Current dates and budgets of tower.xml (status 1 Mar 2024)". */
  label: string;
  /** A name to start from. */
  suggestedName: string;
  /** Activities with a date or budget in it. */
  activities: number;
}

/** What a compare is between: a baseline id, LATEST_FILE_BASELINE or CURRENT_STATUS. */
export type BaselineRef = string;

export interface BaselinesApi {
  /** The project's baselines, the built-in one first, then by creation. */
  listBaselines(projectId: string): Promise<BaselineList>;
  /** What a new baseline can be taken from: each import's baselines and current plan, latest first. */
  baselineSources(projectId: string): Promise<BaselineSourceOption[]>;
  createBaseline(projectId: string, source: BaselineSource, name: string): Promise<BaselineRow>;
  renameBaseline(projectId: string, baselineId: string, name: string, seen?: SeenToken): Promise<BaselineRow>;
  /** Refused for the PMB (choose another first) and for the built-in baseline. */
  deleteBaseline(projectId: string, baselineId: string): Promise<void>;
  /** Makes a baseline the PMB: the project's figures change. Emits 'projects-changed'. */
  setPmb(projectId: string, baselineId: string): Promise<BaselineList>;
  /** B − A: dates in working days, budgets in the project's currency. */
  compareBaselines(projectId: string, a: BaselineRef, b: BaselineRef): Promise<BaselineComparison>;
}

// --- change control (issue 14) ---

export type { ChangeAccount, ChangeLine, ChangeStatus, ChangeType } from '../core/changes/types';
export type { BudgetPosition, Reconciliation, ReconciliationStep } from '../core/changes/reconcile';

/** What a change request says, as the form edits it. */
export interface ChangeFields {
  title: string;
  type: ChangeType;
  description: string;
  lines: ChangeLine[];
}

export interface ChangePerson {
  id: string;
  name: string;
}

export interface ChangeView extends ChangeFields {
  /** The document's own id (unique on every device): what the calls below take. */
  id: string;
  /**
   * CR-001…: claimed at creation as the next number this device knows. Two devices that numbered
   * a change alike while offline both show the number with the end of their id ("CR-004-k2x9",
   * `duplicateNumber`) — the earlier one keeps it plain — until the later one is next submitted,
   * approved or rejected, which gives it the next free number.
   */
  number: string;
  duplicateNumber: boolean;
  status: ChangeStatus;
  /** Who submitted it, and when (ISO instant); null while a draft never submitted. */
  requester: ChangePerson | null;
  requestedAt: string | null;
  /** Who approved or rejected it, and when. */
  approver: ChangePerson | null;
  decidedAt: string | null;
  decisionNote: string;
  /** The status date it was approved at: its lines start on or after it. */
  approvedStatusDate: string | null;
  createdAt: string;
  createdBy: ChangePerson;
  updatedAt: string;
  /** Σ of the lines. */
  total: number;
  /** Fields two devices changed at once: every version kept until someone chooses. */
  conflicts: { field: string; versions: ConflictVersion<unknown>[] }[];
  seen: SeenToken;
}

export type ChangeAuditAction = 'created' | 'edited' | 'submitted' | 'approved' | 'rejected' | 'returned to draft' | 'renumbered' | 'deleted' | 'conflict resolved' | 'reserves set';

/** One entry of the audit trail: who did what to a change (or to the reserves), and when. */
export interface ChangeAuditEntry {
  id: string;
  /** The change's id; null for the project's reserves. */
  changeId: string | null;
  /** The change's number when the entry was written. */
  number?: string;
  at: string;
  who: ChangePerson | null;
  action: ChangeAuditAction;
  /** Each field changed, before and after (lines as the whole list). */
  fields: { field: string; from: unknown; to: unknown }[];
  note?: string;
}

/** The starting management reserve and undistributed budget the user entered (money). */
export interface ReserveBaseView {
  managementReserve: number;
  undistributedBudget: number;
  /** False until someone entered them (both 0 then). */
  set: boolean;
  seen: SeenToken;
}

/** A breakdown node a budget line can be written against. */
export interface ChangeAccountOption {
  id: string;
  kind: BreakdownKind;
  code: string;
  name: string;
  /** Its budget now (BAC, revised by approved changes). */
  bac: number | null;
}

/** A period a budget line can fall in: the project's periods from the status date on. */
export interface ChangePeriodOption {
  label: string;
  /** First and last day the line may use (the first is never before the status date). */
  from: string;
  to: string;
}

export interface ChangeLog {
  changes: ChangeView[];
  reserves: ReserveBaseView;
  /** CBB = PMB + MR, PMB = distributed + UB, over the approved changes; null with `reconciliationNote` when it cannot be made. */
  reconciliation: Reconciliation | null;
  reconciliationNote?: string;
  /** The project's latest status date: a change approved now takes effect from it. */
  statusDate: string | null;
  /** The first day a budget line may start (the status date, or the day after it). */
  earliestLineDay: string | null;
  currency: string;
  /** Control accounts (or WBS elements) of the breakdown asked for, and the periods. */
  accounts: ChangeAccountOption[];
  periods: ChangePeriodOption[];
  /** May create and edit changes (not a viewer, tab still saving). */
  canEdit: boolean;
  /** May approve and reject: an editor, admin or owner of the project's team. */
  canApprove: boolean;
  /** Why not, when not. */
  roleNote?: string;
}

/** What the dashboard applied. */
export interface AppliedChanges {
  /** Numbers of the approved changes in the figures. */
  numbers: string[];
  /** What they added to BAC (Σ of their lines). */
  bacChange: number;
  /** Approved changes left out because they were approved after the status date analysed. */
  later: number;
}

export interface ChangesApi {
  /** The change log, reserves, reconciliation and what the form offers (accounts of `breakdown`, periods of `periods`). */
  listChanges(projectId: string, options?: { breakdown?: 'wbs' | 'control-account'; periods?: 'week' | 'month' }): Promise<ChangeLog>;
  /** Creates (changeId null) or edits a draft change. */
  saveChange(projectId: string, changeId: string | null, fields: Partial<ChangeFields>, seen?: SeenToken): Promise<ChangeView>;
  /** submit (→ pending), approve, reject, return to draft; approve and reject need an editor or above. */
  setChangeStatus(projectId: string, changeId: string, status: ChangeStatus, note?: string): Promise<ChangeView>;
  /** Ends a conflict on one field with the value chosen. */
  resolveChangeConflict(projectId: string, changeId: string, field: string, value: unknown): Promise<ChangeView>;
  /** Deletes a draft. */
  deleteChange(projectId: string, changeId: string): Promise<{ deleted: boolean }>;
  /** The audit trail of one change, or (null) of the whole project, newest first. */
  changeAudit(projectId: string, changeId: string | null): Promise<ChangeAuditEntry[]>;
  setReserves(projectId: string, reserves: { managementReserve: number; undistributedBudget: number }, seen?: SeenToken): Promise<ReserveBaseView>;
}
// --- thresholds and alerts (issue 14) -----------------------------------------------------------

/**
 * A project's thresholds as the Thresholds screen edits them (core/insight/thresholds.ts): amber and
 * red levels per metric for the project, and a control account's own levels for some metrics.
 * Stored in `thresholds:<projectId>` in the project's team database, one mutable field per metric
 * and per account, so two people changing different metrics at once both keep their change.
 */
export interface ThresholdsView {
  /** The levels in force: the stored ones, the defaults where nothing is stored. */
  thresholds: ProjectThresholds;
  /** Every level is the default and no account has its own. */
  isDefault: boolean;
  /** The latest change (ISO instant) and who made it, when anything is stored. */
  updatedAt?: string;
  updatedBy?: string;
  /** What two devices set at the same time ("CPI", "control account CA-100"): the later is in force until someone saves again. */
  conflicts: string[];
  seen: SeenToken;
}

/** Which alert an acknowledgement is about: the rule (metric and severity), the node, the status period. */
export interface AlertKey {
  /** The project-wide rule id (`cpi-warning`, `vac-critical`…; a control account's own rule counts as the same). */
  ruleId: string;
  nodeId: string;
  nodeKind: BreakdownKind;
  /** The status date the alert was raised at (YYYY-MM-DD): a new status raises it again. */
  period: string;
}

export interface AlertAck extends AlertKey {
  /** Who acknowledged it (name) and when (ISO instant). */
  by: string;
  at: string;
  note: string;
}

/** Notes with an acknowledgement are 0..ACK_NOTE_MAX_CHARS characters. */
export const ACK_NOTE_MAX_CHARS = 1000;

/** The rule id an acknowledgement is keyed by: a control account's own rule (`cpi-warning@…`) counts as the project's. */
export const ackRuleId = (ruleId: string): string => ruleId.split('@')[0];

export interface ThresholdsApi {
  /** The project's thresholds (the defaults when none are stored). */
  readThresholds(projectId: string): Promise<ThresholdsView>;
  /**
   * Saves the project's levels and the accounts' own (an account left out loses its own levels).
   * Refused with every problem named (amber less severe than red, numbers in range), and for a
   * viewer. The dashboard is judged by them at once; 'projects-changed' tells the pages.
   */
  saveThresholds(projectId: string, thresholds: ProjectThresholds, seen?: SeenToken): Promise<ThresholdsView>;
  /** Back to the defaults, for the project and every account. */
  resetThresholds(projectId: string): Promise<ThresholdsView>;
  /** The acknowledgements of the alerts of one status period. */
  listAcknowledgements(projectId: string, period: string): Promise<AlertAck[]>;
  /** Acknowledges an alert (synced with the team), with an optional note. */
  acknowledgeAlert(projectId: string, key: AlertKey, note?: string): Promise<AlertAck>;
  /** Takes an acknowledgement back: the alert is open again. */
  unacknowledgeAlert(projectId: string, key: AlertKey): Promise<void>;
}

// --- portfolio (issue 14) ---------------------------------------------------------------------

/** A figure's traffic light on the portfolio, from the project's alert rules ('none': no rule watches it, or it is null). */
export type PortfolioLight = 'good' | 'warning' | 'critical' | 'none';

/**
 * One project's line of the portfolio (the projects list): the headline figures of its latest
 * dashboard at the default options (FIRST_DASHBOARD_OPTIONS), judged by the project's own rules.
 * Every figure is null, with `reason`, when the project has no import or its analysis failed.
 */
export interface PortfolioRow {
  projectId: string;
  /** The status date the figures are at. */
  statusDate: LocalDateTime | null;
  /** The project's currency (money figures are in it when `measureBasis` is 'cost'). */
  currency: string;
  /** What BAC, EAC and VAC measure: cost, or hours when the schedule carries no costs; null with no figures. */
  measureBasis: 'cost' | 'units' | 'duration' | null;
  bac: number | null;
  eac: number | null;
  vac: number | null;
  spi: number | null;
  cpi: number | null;
  spit: number | null;
  /** Each index's light and VAC's (judged by VAC%), by the rules the cards use. */
  lights: { spi: PortfolioLight; cpi: PortfolioLight; spit: PortfolioLight; vac: PortfolioLight };
  /** The most serious alert (the first evaluateAlerts lists), with how many there are; null when none. */
  worstAlert: {
    severity: 'warning' | 'critical';
    message: string;
    /** The node the alert is on: the message opens with its name (the row drops it when that is the project itself). */
    nodeKind: BreakdownKind;
    nodeName: string;
    count: number;
    critical: number;
  } | null;
  /** Why the figures are null (no import yet, the analysis failed); null when they are computed. */
  reason: string | null;
}

export interface PortfolioApi {
  /**
   * Every project's portfolio row, computed one project after another from the dashboard cache
   * (so reopening the list is instant). `onRow` (a Comlink.proxy) hears each row as soon as it is
   * ready, so the list fills in rather than waiting for every analysis.
   */
  portfolio(onRow?: (row: PortfolioRow) => void): Promise<PortfolioRow[]>;
}

// --- reports (issue 14) ---------------------------------------------------------------------

/** What the Reports tab and the CLI ask for: a PDF status report (A4 or Letter) or an Excel workbook. */
export interface ReportRequest {
  format: 'pdf' | 'xlsx';
  /** PDF only; default A4. */
  paper?: 'A4' | 'Letter';
}

/** A report as made in the data worker: its bytes are transferred to the page, not copied. */
export interface ExportedReport {
  /** "<code> <name> status <YYYY-MM-DD>.pdf", safe on every OS. */
  fileName: string;
  mime: string;
  bytes: ArrayBuffer;
}

export interface ReportsApi {
  /**
   * Builds the report of the dashboard the screen shows at these (the toolbar's) options, with its
   * breakdown, alerts, commentary, the VARs of the status period, the team's comments and the
   * activity grid. Runs offline; the PDF and Excel libraries load in the worker only.
   */
  exportReport(projectId: string, options: DashboardOptions, request: ReportRequest): Promise<ExportedReport>;
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

// --- risk (issue 15) ---
// The Risk tab's calls. The simulation itself runs in the page's pool of risk workers
// (src/client/riskPool.ts, workers/risk.worker.ts); the data worker builds the model from the
// latest import and keeps the project's setup and its snapshots as synced team documents
// (src/local/risk): `risksetup:<projectId>` (one, mutable) and `risk:<projectId>:<id>` (immutable
// results, only the name changes).

export type RiskRule = import('../core/risk/uncertainty').UncertaintyRule;
export type RiskOverride = import('../core/risk/uncertainty').DurationOverride;
export type RiskCorrelation = import('../core/risk/fromSchedule').CorrelationSetup;
export type RiskEventInput = import('../core/risk/fromSchedule').RiskEventSetup;

/** What the project's risk setup holds: the uncertainty inputs and how to run. */
export interface RiskProjectSetup {
  rules: RiskRule[];
  overrides: RiskOverride[];
  correlations: RiskCorrelation[];
  events: RiskEventInput[];
  /** Milestones (activity ids) to report finish distributions for. */
  targets: string[];
  /** A three-point factor on the cost of remaining work, or null. */
  costUncertainty: { min: number; mostLikely: number; max: number } | null;
  /** Default 1,000. */
  iterations: number;
  /** A 32-bit integer, chosen at random once per project and saved, so a rerun repeats. */
  seed: number;
}

export const RISK_ITERATIONS_DEFAULT = 1000;
export const RISK_ITERATIONS_MAX = 100_000;
/** Most bytes (JSON) the setup document may hold; overrides for every activity of a large schedule would exceed it. */
export const RISK_SETUP_MAX_BYTES = 600_000;
/** Most bytes (JSON) a snapshot may hold. */
export const RISK_SNAPSHOT_MAX_BYTES = 900_000;
export const RISK_NAME_MAX_CHARS = 120;
/** Activities a snapshot keeps (the most critical, then the most crucial). */
export const RISK_SNAPSHOT_ACTIVITIES = 200;

export interface RiskSetupView {
  setup: RiskProjectSetup;
  /** False until the setup has been saved (a viewer's, or a project nobody has set up yet, shows the defaults). */
  saved: boolean;
  /** Two devices changed the same input at once: the one shown wins until someone saves again. */
  conflicts: string[];
  seen: SeenToken;
  /** The latest import, whose schedule a run uses; null when the project has none. */
  importId: string | null;
  dataDate: LocalDateTime | null;
  /** Per activity that can vary: code, name, remaining hours and its resolved range with its source (the overrides grid). */
  activities: RiskActivityRange[];
  /** Values of each activity code type (rule targets) and the WBS elements. */
  codeValues: { codeTypeId: string; codeTypeName: string; values: { value: string; label: string }[] }[];
  wbs: { id: string; code: string; name: string }[];
  milestones: { activityId: string; code: string; name: string }[];
  hasCost: boolean;
  currency: string;
}

export interface RiskActivityRange {
  activityId: string;
  code: string;
  name: string;
  /** Remaining duration, working hours. */
  remaining: number;
  /** Resolved low / most likely / high, working hours (null: kept at its deterministic duration). */
  low: number | null;
  mostLikely: number | null;
  high: number | null;
  distribution: string | null;
  /** "Override", "Rule: Civils", "File: Duration1, Duration2, Duration3", "Default", or why none. */
  source: string;
}

/** The model a run needs, built in the data worker; its typed arrays are transferred, not copied. */
export interface RiskRunModel {
  model: import('../core/risk/model').RiskModel;
  labels: RiskLabels;
  importId: string;
  dataDate: LocalDateTime | null;
  hasCost: boolean;
  currency: string;
}

/** What turns hours into dates and nodes into activities (core/risk/snapshot.ts). */
export type RiskLabels = import('../core/risk/snapshot').RiskLabels;

export type RiskSnapshotResults = import('../core/risk/snapshot').RiskSnapshotResults;

export interface RiskSnapshotInput {
  name: string;
  seed: number;
  iterations: number;
  setup: RiskProjectSetup;
  results: RiskSnapshotResults;
  importId: string;
  dataDate: LocalDateTime | null;
  /** Run time, ms (shown, not compared). */
  elapsedMs?: number;
}

export interface RiskSnapshotRow {
  id: string;
  name: string;
  createdAt: string;
  createdBy?: string;
  seed: number;
  iterations: number;
  importId: string;
  dataDate: LocalDateTime | null;
  /** Finish P50 / P80 dates and cost P50 / P80 (null without costs): the list and the EV integration. */
  p50Finish: LocalDateTime;
  p80Finish: LocalDateTime;
  p50Cost: number | null;
  p80Cost: number | null;
  deterministicFinish: LocalDateTime;
  /** Rules in use, in words ("Default: every task −10% / +25%" when none was set). */
  rulesSummary: string;
  nameConflict: ConflictVersion[] | null;
  seen: SeenToken;
}

export interface RiskSnapshot extends RiskSnapshotRow {
  setup: RiskProjectSetup;
  results: RiskSnapshotResults;
  elapsedMs?: number;
}

export interface RiskApi {
  /** The project's risk setup (defaults, with a fresh random seed saved once for an editor, when none exists) and what its screen lists. */
  getRiskSetup(projectId: string): Promise<RiskSetupView>;
  /** Saves the setup (checked: rule and override ranges, activities named, sizes). */
  saveRiskSetup(projectId: string, setup: RiskProjectSetup, seen?: SeenToken): Promise<RiskSetupView>;
  /** The model of the latest import under this setup, its typed arrays transferred to the caller. */
  prepareRiskRun(projectId: string, setup: RiskProjectSetup): Promise<RiskRunModel>;
  /** Newest first. */
  listRiskSnapshots(projectId: string): Promise<RiskSnapshotRow[]>;
  getRiskSnapshot(projectId: string, snapshotId: string): Promise<RiskSnapshot>;
  /** The latest snapshot, or null: what the Overview and the commentary cite (the P80). */
  latestRiskSnapshot(projectId: string): Promise<RiskSnapshot | null>;
  saveRiskSnapshot(projectId: string, input: RiskSnapshotInput): Promise<RiskSnapshotRow>;
  renameRiskSnapshot(projectId: string, snapshotId: string, name: string, seen?: SeenToken): Promise<RiskSnapshotRow>;
  deleteRiskSnapshot(projectId: string, snapshotId: string): Promise<void>;
}
