/**
 * The browser sync engine (issue 13): device databases per team replicating through the gateway,
 * with token refresh, backoff, status, and conflict-safe mutable documents. It takes PouchDB
 * handles and callbacks and knows nothing of the store, pages or workers; README "Sync" describes
 * the design.
 */
export { SyncController, type PendingReport, type SyncControllerOptions, type WaitResult } from './controller';
export type { TeamRef } from './teamSync';
export { describeTeamStatus, overallState, type SyncListener, type SyncSnapshot, type SyncState, type TeamSyncStatus } from './status';
export type { ProblemReaction, SyncProblem, SyncProblemCode } from './problems';
export { createTokenSource, refreshFromServer, REFRESH_LOCK, type LockManagerLike, type SharedTokenSource, type TokenSource } from './tokens';
export { createSyncFetch, type FetchLike } from './syncFetch';
export { Backoff, parseRetryAfter, seededRandom } from './backoff';
export { realClock, type Clock } from './clock';
export { browserNetwork, type NetworkWatch } from './network';
export { deviceDbName, remoteDbUrl } from './names';
export {
  deleteMutable,
  deviceIdOf,
  listConflicts,
  MutableDocError,
  MUTABLE_TYPES,
  readMutable,
  resolveConflict,
  seenOf,
  sweepConflicts,
  writeFields,
  type EditContext,
  type FieldConflict,
  type FieldVersion,
  type Json,
  type MutableSpec,
  type MutableTypes,
  type SeenVersions,
  type WriteResult,
} from './mutable';
export { moveProject, resumeMoves, unfinishedMoves, MoveError, MoveRefused, MoveWaiting, type MoveOptions, type MoveReport } from './move';
export { migrateAccountDatabase, migrationsOf, MigrationError, type MigrationReport } from './migrate';
export { projectDocIds } from './projectDocs';
