/** The PouchDB handle the engine works on: the device database of one team, or its remote. */
export type Db = PouchDB.Database;
/** The PouchDB constructor (pouchdb-browser in the app, pouchdb-node in tests): makes remotes. */
export type PouchStatic = PouchDB.Static;

/** True for a PouchDB error with this HTTP status. */
export function hasStatus(e: unknown, status: number): boolean {
  return typeof e === 'object' && e !== null && (e as { status?: unknown }).status === status;
}
