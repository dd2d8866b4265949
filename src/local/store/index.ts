/** Local storage of projects and imports: PouchDB documents (synced later) and Dexie derived tables. */
export { openLocalStore } from './localStore';
export { localStoreNameFor, LEGACY_STORE_NAME } from './accountStore';
export type { LocalStore, NewProjectInput, OpenLocalStoreOptions, RecoveryReport, SaveImportResult } from './localStore';
export type { ImportMeta } from './chunks';
export type { ActivityRow, AnalysisRow } from './derived';
export type { ProjectionResult } from './projection';
export type { ImportSummaryRow, ProjectMatch, ProjectSummaryRow } from './summaries';
export { StoreError, type StoreErrorCode } from './errors';
export { requestPersistence, storageEstimate, type StorageEstimate } from './persistence';
/** The PouchDB class the store uses, e.g. to register the memory adapter in Node: `pouchDb().plugin(memory)`. */
export { pouchDb } from './pouch';
export { projectDashboard, type DashboardOptions, type DashboardResult } from './dashboard';
