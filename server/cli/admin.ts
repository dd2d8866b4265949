/**
 * The admin command: grants and revokes the roles of spec §3 / §6 (admin, free_user).
 *
 *   npm run admin -- grant <email> admin|free_user
 *   npm run admin -- revoke <email> admin|free_user
 *
 * Opens the store from the same configuration as the server (DATA_DIR, or COUCHDB_URL /
 * COUCHDB_USER / COUCHDB_PASSWORD). With LevelDB, stop the server first: the files are locked
 * while it runs. Exit codes: 0 done (or nothing to change), 1 failure (unknown email, store
 * error), 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { createUsers, normaliseEmail } from '../auth/users';
import { loadConfig } from '../config';
import { grantRole, isRole, revokeRole, ROLES } from '../roles';
import { openStore, storeOptionsFromEnv, type Store } from '../store';
import { userIdForEmail } from '../store/ids';

export const USAGE = `Usage:
  npm run admin -- grant <email> ${ROLES.join('|')}
  npm run admin -- revoke <email> ${ROLES.join('|')}`;

export interface AdminIo {
  env?: NodeJS.ProcessEnv;
  /** An open store to use instead of opening one from the environment (tests). It is not closed. */
  store?: Store;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Runs the command; resolves to the exit code. Never throws. */
export async function main(argv: readonly string[], io: AdminIo = {}): Promise<number> {
  const out = io.out ?? ((l: string) => console.log(l));
  const err = io.err ?? ((l: string) => console.error(l));
  const usage = (problem: string): number => {
    err(`${problem}\n${USAGE}`);
    return 2;
  };

  const [command, email, role, ...extra] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    if (command === undefined) return usage('No command given.');
    out(USAGE);
    return 0;
  }
  if (command !== 'grant' && command !== 'revoke') return usage(`Unknown command "${command}".`);
  if (email === undefined || role === undefined) return usage(`"${command}" needs an email and a role.`);
  if (extra.length > 0) return usage(`Unexpected arguments: ${extra.join(' ')}`);
  if (!isRole(role)) return usage(`Unknown role "${role}": use ${ROLES.join(' or ')}.`);
  let normalised: string;
  try {
    normalised = normaliseEmail(email);
  } catch (e) {
    return usage((e as Error).message);
  }

  let store = io.store;
  const ownStore = !store;
  try {
    if (!store) {
      const env = io.env ?? process.env;
      const config = loadConfig(env);
      store = openStore(storeOptionsFromEnv(env, config.dataDir));
    }
    const userId = userIdForEmail(normalised);
    const user = await createUsers(store).getUser(userId);
    if (!user) {
      err(`No account with the email ${normalised}. The user must sign up first.`);
      return 1;
    }
    if (command === 'grant') {
      const changed = await grantRole(store, userId, role);
      out(changed ? `Granted ${role} to ${normalised}.` : `${normalised} already has ${role}; nothing changed.`);
    } else {
      const changed = await revokeRole(store, userId, role);
      out(changed ? `Revoked ${role} from ${normalised}.` : `${normalised} does not have ${role}; nothing changed.`);
    }
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const hint = /lock/i.test(message)
      ? ' The data directory is in use: stop the server first (LevelDB allows one process at a time).'
      : '';
    err(`The ${command} failed: ${message}.${hint}`);
    return 1;
  } finally {
    if (ownStore && store) await store.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
