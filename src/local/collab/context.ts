/**
 * What the collaboration handlers need of the store a project lives in and of the person using it:
 * the project's database, who is writing (their account id and name), this device's id for the
 * mutable documents' version vectors, and the store's read-only state.
 */
import { StoreError } from '../store/errors';
import { projectDocId } from '../store/ids';
import type { LocalStore } from '../store';
import { hasStatus, type Db } from '../sync/db';
import { deviceIdOf, type EditContext } from '../sync/mutable';

/** Who the data worker acts for (useAccount); the name is what teammates see on comments and VARs. */
export interface Identity {
  userId: string | null;
  name: string | null;
}

export interface CollabContext {
  readonly db: Db;
  /** The signed-in account's id, or null before useAccount. */
  readonly userId: string | null;
  requireUser(): { id: string; name: string };
  /** Throws the store's message when it does not write: data from a newer build (reload), or a viewer's team. */
  assertWritable(): void;
  /** Throws "not on this device" unless the project exists here. */
  requireProject(projectId: string): Promise<void>;
  /** Who and which device make an edit (sync/mutable.ts). */
  edit(): Promise<EditContext>;
  now(): number;
}

const deviceIds = new WeakMap<Db, Promise<string>>();

/** The device id of a database, read (or made) once per database. */
function deviceOf(db: Db): Promise<string> {
  let id = deviceIds.get(db);
  if (!id) {
    id = deviceIdOf(db);
    deviceIds.set(db, id);
    id.catch(() => deviceIds.delete(db));
  }
  return id;
}

export function collabContext(store: Pick<LocalStore, 'pouch' | 'readOnly' | 'writeRefusal'>, who: Identity, now: () => number = Date.now): CollabContext {
  const db = store.pouch;
  return {
    db,
    userId: who.userId,
    requireUser() {
      if (!who.userId) throw new StoreError('invalid', 'Sign in to comment: comments and variance narratives carry their author’s name.');
      return { id: who.userId, name: who.name || 'A teammate' };
    },
    assertWritable() {
      if (store.readOnly) throw new StoreError('newer-layout', store.readOnly.message);
      // A viewer's edit could never reach the team (the gateway refuses it): none is made.
      if (store.writeRefusal) throw new StoreError('role', store.writeRefusal);
    },
    async requireProject(projectId) {
      try {
        await db.get(projectDocId(projectId));
      } catch (e) {
        if (hasStatus(e, 404)) throw new StoreError('not-found', 'That project is not on this device (it may have been deleted, here or by a teammate). Go back to the project list.');
        throw e;
      }
    },
    async edit() {
      return { deviceId: await deviceOf(db), ...(who.name ? { who: who.name } : {}), now };
    },
    now,
  };
}
