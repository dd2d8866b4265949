/**
 * The names of a team's databases: on this device, one per (account, team); on the server, the
 * gateway's `/db/<teamId>`.
 *
 * The account is part of the device name so two people who share a laptop and a team never share
 * a database: one person's unsent edits are never sent with the other's session. Like the
 * per-account store (`user_<hash>`, store/accountStore.ts), the account appears only as a hash, so
 * the browser's storage listing does not spell out an email address.
 */

/** A team id as the server makes them (server/store/ids.ts): lowercase letters, digits, inner hyphens. */
const TEAM_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isValidTeamId(id: unknown): id is string {
  return typeof id === 'string' && TEAM_ID.test(id);
}

/** 32 hex digits of the account id's SHA-256: how the account appears in names on the device. */
export async function accountHash(accountId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accountId)));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `team_<teamId>_<32 hex digits of the account id's SHA-256>`: a valid PouchDB/CouchDB name. */
export async function deviceDbName(accountId: string, teamId: string): Promise<string> {
  if (typeof accountId !== 'string' || !accountId.trim()) throw new Error('A device database belongs to an account: sign in first.');
  if (!isValidTeamId(teamId)) throw new Error(`"${String(teamId).slice(0, 80)}" is not a team id.`);
  return `team_${teamId}_${await accountHash(accountId)}`;
}

/** The team's database through the sync gateway. */
export function remoteDbUrl(origin: string, teamId: string): string {
  return `${origin.replace(/\/+$/, '')}/db/${encodeURIComponent(teamId)}`;
}
