/**
 * The teams this account had when it last signed in on this device, kept in a small Dexie
 * database of its own (`earnest_teams_<account hash>`). A site laptop opened with no signal still
 * knows which team database holds which projects (and which one is the home team) without asking
 * the server; the list is replaced whenever the page reports the teams again (startSync).
 */
import { Dexie, type Table } from 'dexie';
import type { SyncTeam } from './contracts';
import { accountHash } from './sync/names';

interface Row {
  key: string;
  value: unknown;
}

class TeamsDb extends Dexie {
  kv!: Table<Row, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ kv: 'key' });
  }
}

const isTeam = (t: unknown): t is SyncTeam => {
  const o = t as Partial<SyncTeam> | null;
  return !!o && typeof o.id === 'string' && typeof o.name === 'string' && typeof o.role === 'string' && typeof o.isHome === 'boolean';
};

export interface TeamMemory {
  load(userId: string): Promise<SyncTeam[] | null>;
  save(userId: string, teams: readonly SyncTeam[]): Promise<void>;
}

/** The device's memory of an account's teams (IndexedDB through Dexie). A failure only costs the offline start. */
export const dexieTeamMemory: TeamMemory = {
  async load(userId) {
    const db = new TeamsDb(`earnest_teams_${await accountHash(userId)}`);
    try {
      const row = await db.kv.get('teams');
      const teams = Array.isArray(row?.value) ? row.value.filter(isTeam) : [];
      return teams.some((t) => t.isHome) ? teams : null;
    } catch {
      return null;
    } finally {
      db.close();
    }
  },
  async save(userId, teams) {
    const db = new TeamsDb(`earnest_teams_${await accountHash(userId)}`);
    try {
      await db.kv.put({ key: 'teams', value: teams.map((t) => ({ id: t.id, name: t.name, role: t.role, isHome: t.isHome })) });
    } catch {
      // Not remembered: the next start without a network waits for the teams (or uses the old database).
    } finally {
      db.close();
    }
  },
};
