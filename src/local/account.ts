/**
 * The signed-in account's spaces on this device: one local store per team the user belongs to
 * (their home team, the personal space, included), each over the team's device database
 * (sync/names.ts `deviceDbName`), which the sync engine replicates with the team's database on the
 * server. Handlers ask this session for the store that holds a project (or that a new project goes
 * into); it keeps a projectId → team map, checked against the databases themselves.
 *
 * src/client/data.ts names the account first thing and starts a fresh worker when someone else
 * signs in, so one person's projects never open for another. The teams come from the page
 * (startSync, with GET /api/teams); the last list is remembered on the device (teamMemory.ts), so
 * a start with no network serves the same spaces at once. A device that has never known its teams
 * and starts offline serves the per-account database of earlier builds until they are known
 * ("provisional"); then that database is migrated into the home team's (accountMigration.ts).
 */
import { migrateOldAccountDatabase } from './accountMigration';
import type { ProjectSummaryRow, StoreEvent, SyncTeam } from './contracts';
import { localStoreNameFor, openLocalStore, StoreError, type LocalStore } from './store';
import { projectDocId } from './store/ids';
import { deviceDbName } from './sync/names';
import { dexieTeamMemory, type TeamMemory } from './teamMemory';

export interface TeamSpace {
  /** Updated in place when the team's name or the user's role changes. */
  team: SyncTeam;
  readonly store: LocalStore;
}

/** How a space's store is opened (tests pass their own: unique names, no tab broadcasts). */
export type OpenTeamStore = (req: { name: string; team: SyncTeam; userId: string; adoptLegacy: boolean }) => Promise<LocalStore>;

export const openTeamStore =
  (buildId: string): OpenTeamStore =>
  ({ name, userId, adoptLegacy }) =>
    openLocalStore({ name, adoptLegacy, buildId, editor: userId });

export interface AccountSessionOptions {
  open: OpenTeamStore;
  /** Moves the per-account database of earlier builds into the home team's; default accountMigration.ts. */
  migrate?: (userId: string, homeDbName: string) => Promise<unknown>;
  /** Where the team list is remembered; null: nowhere (tests). */
  memory?: TeamMemory | null;
}

/** The space of a device that has never known its teams: the per-account database of earlier builds. */
const PROVISIONAL: SyncTeam = { id: '', name: 'Personal', role: 'owner', isHome: true };

export const viewerMessage = (teamName: string): string =>
  `You are a viewer in ${teamName}: ask its owner or an admin to make you an editor to change its projects.`;

export class AccountSession {
  private account: string | null = null;
  private teams: SyncTeam[] | null = null;
  private teamsKnown!: Promise<void>;
  private resolveKnown!: () => void;
  private readonly spaces = new Map<string, Promise<TeamSpace>>();
  private readonly where = new Map<string, string>();
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  /** Team changes, one at a time. */
  private changes: Promise<unknown> = Promise.resolve();
  /** Calls using a store now; a change of spaces waits until there are none. */
  private ops = 0;
  private idle: (() => void)[] = [];
  private switching: Promise<void> | null = null;

  constructor(private readonly opts: AccountSessionOptions) {
    this.resetKnown();
  }

  private resetKnown(): void {
    this.teamsKnown = new Promise<void>((resolve) => (this.resolveKnown = resolve));
  }

  /** Binds the session to one account (a worker never switches), and recalls its teams. */
  use(userId: string): void {
    if (this.account !== null && this.account !== userId) throw new Error('This data worker already holds another account’s projects; start a new one.');
    if (this.account === userId) return;
    this.account = userId;
    const memory = this.opts.memory === undefined ? dexieTeamMemory : this.opts.memory;
    if (!memory) return;
    this.serially(async () => {
      const remembered = await memory.load(userId);
      // Teams the page reported meanwhile are newer than the remembered ones.
      if (remembered && (this.teams === null || this.isProvisional())) await this.applyTeams(remembered);
    });
  }

  get userId(): string | null {
    return this.account;
  }

  /** The teams known now (null until startSync or the remembered list). */
  knownTeams(): readonly SyncTeam[] | null {
    return this.isProvisional() ? null : this.teams;
  }

  private isProvisional(): boolean {
    return this.teams?.length === 1 && this.teams[0].id === '';
  }

  /**
   * The user's teams now (from the page): new spaces open as they are used, gone ones close (their
   * data stays on the device), roles apply at once. `[]` means "the page could not ask the
   * server": the remembered teams are kept, or, when there are none, the old per-account database
   * is served until the teams are known.
   */
  setTeams(teams: readonly SyncTeam[]): Promise<void> {
    const account = this.requireAccount();
    return this.serially(async () => {
      if (teams.length === 0) {
        if (this.teams === null) await this.applyTeams([PROVISIONAL]);
        return;
      }
      const homes = teams.filter((t) => t.isHome);
      if (homes.length !== 1) throw new StoreError('invalid', `The team list names ${homes.length} home teams; it must name exactly one. Reload the page to ask the server again.`);
      await this.applyTeams(teams.map((t) => ({ ...t })));
      const memory = this.opts.memory === undefined ? dexieTeamMemory : this.opts.memory;
      await memory?.save(account, teams);
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.changes.then(work);
    this.changes = next.catch(() => undefined);
    return next;
  }

  private async applyTeams(teams: SyncTeam[]): Promise<void> {
    const before = this.teams;
    await this.exclusive(async () => {
      const keep = new Set(teams.map((t) => t.id));
      for (const [id, opening] of [...this.spaces]) {
        const team = teams.find((t) => t.id === id);
        // A space that stays is updated in place (name, role); the provisional one gives way to the home team.
        if (team && keep.has(id)) {
          const space = await opening.catch(() => null);
          if (space) {
            space.team = team;
            space.store.refuseWrites(team.role === 'viewer' ? viewerMessage(team.name) : null);
          }
          continue;
        }
        this.spaces.delete(id);
        const space = await opening.catch(() => null);
        await space?.store.close().catch(() => undefined);
      }
      for (const [projectId, teamId] of [...this.where]) if (!keep.has(teamId)) this.where.delete(projectId);
      this.teams = teams;
    });
    this.resolveKnown();
    const changed = JSON.stringify(before?.map((t) => [t.id, t.role])) !== JSON.stringify(teams.map((t) => [t.id, t.role]));
    if (before !== null && changed) this.emit({ kind: 'projects-changed' });
  }

  private requireAccount(): string {
    if (!this.account) throw new StoreError('invalid', 'Sign in to open your projects: they are kept on this device per account.');
    return this.account;
  }

  // ---- running calls against the spaces -------------------------------------------------------

  /** Runs `work` while no change of spaces can close a store under it; waits for the teams first. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.requireAccount();
    await this.teamsKnown;
    while (this.switching) await this.switching;
    this.ops++;
    try {
      return await work();
    } finally {
      if (--this.ops === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.switching) await this.switching;
    let finish!: () => void;
    this.switching = new Promise<void>((resolve) => (finish = resolve));
    try {
      while (this.ops > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      await work();
    } finally {
      this.switching = null;
      finish();
    }
  }

  private teamList(): SyncTeam[] {
    if (!this.teams) throw new StoreError('invalid', 'Your teams are not known on this device yet: connect to the internet and reload.');
    return this.teams;
  }

  /** A team's space, its store opened on first use (the home team's after migrating the old database). */
  space(teamId: string): Promise<TeamSpace> {
    const team = this.teamList().find((t) => t.id === teamId);
    if (!team) return Promise.reject(new StoreError('invalid', 'You are not a member of that team (any more). Reload the page to see your teams.'));
    let opening = this.spaces.get(teamId);
    if (!opening) {
      opening = this.openSpace(team);
      this.spaces.set(teamId, opening);
      // A failed open is tried again on the next call rather than remembered forever.
      opening.catch(() => {
        if (this.spaces.get(teamId) === opening) this.spaces.delete(teamId);
      });
    }
    return opening;
  }

  private async openSpace(team: SyncTeam): Promise<TeamSpace> {
    const userId = this.requireAccount();
    let name: string;
    if (team.id === '') name = await localStoreNameFor(userId);
    else {
      name = await deviceDbName(userId, team.id);
      if (team.isHome) await (this.opts.migrate ?? migrateOldAccountDatabase)(userId, name);
    }
    // Data of builds before accounts (`team_local`) goes to the personal space.
    const store = await this.opts.open({ name, team, userId, adoptLegacy: team.isHome });
    store.refuseWrites(team.role === 'viewer' ? viewerMessage(team.name) : null);
    store.subscribe((event) => this.emit(event));
    return { team, store };
  }

  /** Every space, home first. */
  async all(): Promise<TeamSpace[]> {
    const teams = [...this.teamList()].sort((a, b) => (a.isHome === b.isHome ? a.name.localeCompare(b.name) : a.isHome ? -1 : 1));
    return Promise.all(teams.map((t) => this.space(t.id)));
  }

  /** The personal space (the home team's). */
  home(): Promise<TeamSpace> {
    const home = this.teamList().find((t) => t.isHome);
    if (!home) return Promise.reject(new StoreError('invalid', 'Your personal space is not known on this device yet: connect to the internet and reload.'));
    return this.space(home.id);
  }

  /** Where a new project goes: the team asked for, else the personal space. */
  forNew(teamId?: string): Promise<TeamSpace> {
    return teamId === undefined || teamId === '' ? this.home() : this.space(teamId);
  }

  /** The space whose database holds the project (the one last seen holding it is asked first). */
  async spaceOf(projectId: string): Promise<TeamSpace> {
    const known = this.where.get(projectId);
    const order = [...new Set([...(known !== undefined ? [known] : []), ...this.teamList().map((t) => t.id)])];
    for (const teamId of order) {
      const space = await this.space(teamId);
      const doc = await space.store.pouch.get(projectDocId(projectId)).catch(() => null);
      if (doc) {
        this.where.set(projectId, teamId);
        return space;
      }
    }
    this.where.delete(projectId);
    throw new StoreError('not-found', 'That project is not on this device (it may have been deleted, here or by a teammate). Go back to the project list.');
  }

  /** Documents that arrived in a team's database: projects found there are looked for there first. */
  noteArrived(teamId: string, ids: readonly string[]): void {
    for (const id of ids) if (id.startsWith('project:')) this.where.set(id.slice('project:'.length), teamId);
  }

  /** Every space's projects, each row saying its team and the user's role there; latest change first. */
  async listProjects(): Promise<ProjectSummaryRow[]> {
    const rows: ProjectSummaryRow[] = [];
    for (const { team, store } of await this.all()) {
      for (const row of await store.listProjects()) {
        if (team.id !== '') this.where.set(row.id, team.id);
        rows.push(team.id === '' ? row : { ...row, teamId: team.id, teamName: team.name, role: team.role });
      }
    }
    return rows.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  }

  // ---- events -----------------------------------------------------------------------------------

  subscribe(listener: (event: StoreEvent) => void): void {
    this.listeners.add(listener);
    // The read-only state of stores already open, as a store tells a new listener.
    for (const opening of this.spaces.values()) {
      void opening.then(
        ({ store }) => store.readOnly && listener({ kind: 'read-only', ...store.readOnly }),
        () => undefined,
      );
    }
  }

  emit(event: StoreEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // A page gone away must not stop the others.
      }
    }
  }

  /** Deletes every space's databases from this device; the next call opens fresh, empty ones. */
  async destroyAll(): Promise<void> {
    await this.exclusive(async () => {
      const spaces = await Promise.all([...this.spaces.values()].map((p) => p.catch(() => null)));
      this.spaces.clear();
      this.where.clear();
      for (const space of spaces) if (space) await space.store.destroy();
    });
  }

  /** Closes every store (the worker is going away; tests). */
  async close(): Promise<void> {
    await this.exclusive(async () => {
      const spaces = await Promise.all([...this.spaces.values()].map((p) => p.catch(() => null)));
      this.spaces.clear();
      for (const space of spaces) if (space) await space.store.close().catch(() => undefined);
    });
  }
}
