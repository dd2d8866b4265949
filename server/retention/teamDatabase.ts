/**
 * Deleting a team's synced database (`team_<id>`, see server/store `teamDbName`): the project
 * documents members replicated through the sync gateway, their history and attachments.
 *
 * The database is destroyed rather than emptied doc by doc: deleting documents would leave
 * tombstones that replicate to members' devices and delete their local copies, which are theirs
 * ("local projects on this device are not touched by us"), and would keep old revisions until a
 * compaction. Destroying leaves nothing behind.
 *
 * - Embedded store (LevelDB): the database's directory is removed; the store opens a fresh, empty
 *   one the next time anything asks for it.
 * - CouchDB (COUCHDB_URL): `DELETE /team_<id>`. When the team lives on (`recreate`: its plan ended
 *   but the account and the team stay so the owner can renew), the database is created again,
 *   empty, with the `_security` object it had, so the sync gateway's proxy authentication keeps
 *   working for its members.
 */
import { isNotFound, teamDbName, type Store } from '../store';

interface HttpDatabase {
  fetch(path: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
}

/**
 * Deletions of one database in this process, one after the other: LevelDB cannot destroy a
 * database twice at once (the second attempt fails on the first's lock and takes the process
 * down), and two sweeps of one instance may overlap.
 */
const inFlight = new Map<string, Promise<void>>();

/** Destroys the team's database. Idempotent: a database that is already gone is fine. */
export async function deleteTeamDatabase(store: Store, teamId: string, options: { recreate: boolean }): Promise<void> {
  const name = teamDbName(teamId);
  const previous = inFlight.get(name) ?? Promise.resolve();
  const run = previous.then(
    () => deleteNow(store, name, options),
    () => deleteNow(store, name, options),
  );
  const tail = run.catch(() => undefined);
  inFlight.set(name, tail);
  try {
    await run;
  } finally {
    if (inFlight.get(name) === tail) inFlight.delete(name);
  }
}

async function deleteNow(store: Store, name: ReturnType<typeof teamDbName>, options: { recreate: boolean }): Promise<void> {
  if (store.kind === 'couchdb') {
    let security: unknown = null;
    if (options.recreate) {
      const res = await (store.db(name) as unknown as HttpDatabase).fetch('_security');
      if (res.ok) security = await res.json();
    }
    await destroy(store.db(name));
    if (!options.recreate) return;
    const fresh = store.db(name);
    await fresh.info(); // PouchDB's HTTP adapter creates a missing database on first use
    if (security && typeof security === 'object' && Object.keys(security).length > 0) {
      const res = await (fresh as unknown as HttpDatabase).fetch('_security', {
        method: 'PUT',
        body: JSON.stringify(security),
        headers: { 'Content-Type': 'application/json' },
      });
      if (!res.ok) throw new Error(`Could not restore the _security of ${name} after deleting its data (CouchDB answered ${res.status}).`);
    }
    return;
  }
  await destroy(store.db(name));
}

async function destroy(db: PouchDB.Database): Promise<void> {
  try {
    await db.destroy();
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

/** How many live documents the team's database holds (0 for one never synced to). */
export async function teamDocCount(store: Store, teamId: string): Promise<number> {
  try {
    return (await store.db(teamDbName(teamId)).info()).doc_count;
  } catch (err) {
    if (isNotFound(err)) return 0;
    throw err;
  }
}
