/** Device databases as the app opens them: pouchdb-browser with the indexeddb adapter. */
import PouchDB from 'pouchdb-browser';
import IndexedDbAdapter from 'pouchdb-adapter-indexeddb';

PouchDB.plugin(IndexedDbAdapter);

let n = 0;
export function deviceDb(name = 'device'): PouchDB.Database {
  return new PouchDB(`${name}_${Date.now().toString(36)}_${n++}`, { adapter: 'indexeddb' });
}

/** Both ways, once (what live replication does between two devices through the server). */
export async function exchange(a: PouchDB.Database, b: PouchDB.Database): Promise<void> {
  await a.replicate.to(b);
  await b.replicate.to(a);
}

export { PouchDB };
