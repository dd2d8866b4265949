/** Local storage of projects and imports: PouchDB documents (synced later) and Dexie derived tables. */

export { openLocalStore } from './localStore';
export { localStoreNameFor, LEGACY_STORE_NAME } from './accountStore';
export type { LocalStore, NewProjectInput, OpenLocalStoreOptions, RecoveryReport, SaveImportOptions, SaveImportResult } from './localStore';
export { MIGRATIONS, LAYOUT_DOC_ID, type LayoutCheck, type Migration, type MigrationTable } from './layout';
export { STORE_LAYOUT_VERSION } from './docs';
export { CHUNK_KIND_LIST, prepareChunks, prepareKind, type ImportMeta, type PreparedChunks } from './chunks';
export type { AnalysisRow } from './derived';
export type { ProjectionResult } from './projection';
export type { ImportSummaryRow, ProjectMatch, ProjectSummaryRow } from './summaries';
export { StoreError, type StoreErrorCode } from './errors';
export { requestPersistence, storageEstimate, type StorageEstimate } from './persistence';
/** The PouchDB class the store uses, e.g. to register the memory adapter in Node: `pouchDb().plugin(memory)`. */
export { pouchDb } from './pouch';
