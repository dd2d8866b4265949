import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { InvalidDbNameError, isValidTeamId, TEAM_DB_PREFIX, type TeamDbName } from './ids';

export { InvalidDbNameError, isValidTeamId, teamDbName, type TeamDbName } from './ids';

/** Databases with a fixed name. Team databases are `team_<id>` (see `teamDbName` in ./ids). */
export const FIXED_DB_NAMES = ['accounts', 'teams', 'invitations', 'billing', 'analytics', 'blog', 'contact'] as const;
export type FixedDbName = (typeof FIXED_DB_NAMES)[number];
export type DbName = FixedDbName | TeamDbName;

/** True for the names {@link Store.db} accepts. */
export function isValidDbName(name: unknown): name is DbName {
  if (typeof name !== 'string') return false;
  if ((FIXED_DB_NAMES as readonly string[]).includes(name)) return true;
  return name.startsWith(TEAM_DB_PREFIX) && isValidTeamId(name.slice(TEAM_DB_PREFIX.length));
}

/**
 * Creates the data directory with mode 0700, or makes an existing one private: it holds the LevelDB
 * files (accounts, password hashes, sessions) and the auth secret, which LevelDB and PouchDB write
 * with the umask's usual 0644. Group or world access is removed with a log line; a directory that
 * cannot be made private (owned by someone else) is refused. No-op on Windows (no POSIX modes).
 */
export function ensurePrivateDataDir(dir: string, log: (line: string) => void = (line) => console.warn(line)): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(dir, mode & 0o700);
  } catch (err) {
    throw new Error(
      `DATA_DIR ${dir} is open to other users (mode ${mode.toString(8).padStart(4, '0')}) and could not be made private (${(err as Error).message}): run \`chmod 700 ${dir}\` as its owner, or choose another DATA_DIR.`,
      { cause: err },
    );
  }
  log(`DATA_DIR ${dir} was open to other users (mode ${mode.toString(8).padStart(4, '0')}): made it private (0${(mode & 0o700).toString(8)}).`);
}

export interface StoreOptions {
  /** Directory for the LevelDB files (one sub-directory per database); created when missing. */
  dataDir: string;
  /** CouchDB 3 server URL (e.g. https://couch.internal:5984). When set, LevelDB is not used. */
  couchUrl?: string;
  couchUser?: string;
  couchPassword?: string;
}

/**
 * Store settings from the environment: COUCHDB_URL, COUCHDB_USER, COUCHDB_PASSWORD (all optional).
 * `dataDir` comes from the server config (DATA_DIR). Blank values count as unset.
 */
export function storeOptionsFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StoreOptions {
  const get = (k: string) => env[k]?.trim() || undefined;
  const options: StoreOptions = { dataDir };
  const couchUrl = get('COUCHDB_URL');
  if (couchUrl) {
    options.couchUrl = couchUrl;
    const user = get('COUCHDB_USER');
    const password = env.COUCHDB_PASSWORD || undefined; // not trimmed: passwords may have spaces
    if (user !== undefined) options.couchUser = user;
    if (password !== undefined) options.couchPassword = password;
  }
  return options;
}

export interface Store {
  /** Where the data lives: local LevelDB files or a CouchDB server. */
  readonly kind: 'leveldb' | 'couchdb';
  /** The (cached) database with this name; throws {@link InvalidDbNameError} for any other name. */
  db<Doc extends object = object>(name: DbName): PouchDB.Database<Doc>;
  /** Closes every open database. The store cannot be used afterwards. */
  close(): Promise<void>;
}

/**
 * Opens the server's store: PouchDB everywhere, LevelDB files under `dataDir` by default, a CouchDB 3
 * server (PouchDB's HTTP adapter with basic-auth credentials) when `couchUrl` is set.
 */
export function openStore(options: StoreOptions): Store {
  const couchUrl = options.couchUrl?.trim();
  let factory: (name: DbName) => PouchDB.Database;
  let kind: Store['kind'];

  if (couchUrl) {
    let base: URL;
    try {
      base = new URL(couchUrl);
    } catch {
      throw new Error(`COUCHDB_URL is not a valid URL: "${couchUrl}".`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new Error(`COUCHDB_URL must start with http:// or https://; got "${couchUrl}".`);
    }
    if (base.username || base.password) {
      throw new Error('Put the CouchDB credentials in COUCHDB_USER / COUCHDB_PASSWORD, not in COUCHDB_URL.');
    }
    if ((options.couchUser == null) !== (options.couchPassword == null)) {
      throw new Error('Set both COUCHDB_USER and COUCHDB_PASSWORD, or neither.');
    }
    const root = base.href.endsWith('/') ? base.href : `${base.href}/`;
    const auth =
      options.couchUser != null && options.couchPassword != null
        ? { username: options.couchUser, password: options.couchPassword }
        : undefined;
    kind = 'couchdb';
    // The server holds admin credentials: a missing database is created on first use.
    factory = (name) => new PouchDB(root + encodeURIComponent(name), auth ? { auth } : {});
  } else {
    if (!options.dataDir) throw new Error('The store needs a data directory (DATA_DIR).');
    ensurePrivateDataDir(options.dataDir);
    kind = 'leveldb';
    factory = (name) => new PouchDB(join(options.dataDir, name));
  }

  const cache = new Map<DbName, PouchDB.Database>();
  let closed = false;

  return {
    kind,
    db<Doc extends object = object>(name: DbName): PouchDB.Database<Doc> {
      if (closed) throw new Error('The store is closed.');
      if (!isValidDbName(name)) {
        throw new InvalidDbNameError(
          `Unknown database ${JSON.stringify(name)}: use one of ${FIXED_DB_NAMES.join(', ')} or team_<id>.`,
        );
      }
      let db = cache.get(name);
      if (!db) {
        const created = factory(name);
        db = created;
        cache.set(name, created);
        // A destroyed database (a team's, deleted by retention) cannot be used again: the next
        // call for this name opens a fresh one.
        created.once('destroyed', () => {
          if (cache.get(name) === created) cache.delete(name);
        });
      }
      return db as PouchDB.Database<Doc>;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const dbs = [...cache.values()];
      cache.clear();
      await Promise.all(dbs.map((db) => db.close()));
    },
  };
}

export { upsert, createIfAbsent, isConflict, isNotFound, UpsertConflictError } from './writes';
export { PAGE_SIZE, HIGH, docsInRange, docsWithPrefix, removeDocs, deleteWhere, deleteById, type AnyDoc } from './paging';
export type { UpsertOptions, UpsertResult } from './writes';
