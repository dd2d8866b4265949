/** Projects and their imports as the lists show them, across the account's spaces (account.ts). */
import { PERSONAL_SPACE } from '../core/sync/labels';
import type { AccountSession } from './account';
import type { Identity } from './collab';
import type { ConflictVersion, DataApi, ProjectSize } from './contracts';
import { projectDocId } from './store/ids';
import { guarded } from './store/errors';
import { readMutable, type FieldVersion } from './sync/mutable';

export type ProjectHandlers = Pick<DataApi, 'listProjects' | 'createProject' | 'deleteProject' | 'listImports' | 'renameProject' | 'projectNameConflict' | 'resolveProjectName' | 'projectSizes'>;

/**
 * One name as the conflict view shows it. Renames recorded the account id before they carried a
 * name (and still do without one): the user's own id reads as their name.
 */
function versionOf(v: FieldVersion, who: Identity): ConflictVersion {
  const by = v.who && v.who === who.userId && who.name ? who.name : v.who;
  return { value: typeof v.v === 'string' ? v.v : '', ...(by ? { who: by } : {}), at: v.at };
}

/**
 * `who` is the signed-in user (useAccount): a rename carries their name, which teammates see
 * beside it if they renamed the project at the same moment. Without a name the store records the
 * account id.
 */
export function projectHandlers(session: AccountSession, who: Identity = { userId: null, name: null }): ProjectHandlers {
  const rename = (projectId: string, name: string) =>
    session.run(async () => (await session.spaceOf(projectId)).store.renameProject(projectId, name, who.name ? { who: who.name } : {}));
  return {
    listProjects: () => session.run(() => session.listProjects()),
    createProject: (input) =>
      session.run(async () => {
        const { team, store } = await session.forNew(input?.teamId);
        return { ...(await store.createProject(input)), ...(team.id ? { teamId: team.id, teamName: team.name, role: team.role } : {}) };
      }),
    deleteProject: (id) => session.run(async () => (await session.spaceOf(id)).store.deleteProject(id)),
    listImports: (projectId) => session.run(async () => (await session.spaceOf(projectId)).store.listImports(projectId)),
    renameProject: rename,
    projectNameConflict: (projectId) =>
      session.run(async () => {
        const { store } = await session.spaceOf(projectId);
        // Every leaf merged, as every device will show it: both names even before the sync's sweep.
        const read = await guarded(() => readMutable(store.pouch, projectDocId(projectId)), 'reading the project’s names');
        const names = read?.conflicts.find((c) => c.field === 'name');
        return names ? names.versions.map((v) => versionOf(v, who)) : null;
      }),
    // Choosing a name is a rename that has seen every version this device holds: it replaces them
    // all, here and, once synced, on every device.
    resolveProjectName: rename,
    projectSizes: () =>
      session.run(async () => {
        const out: ProjectSize[] = [];
        for (const { team, store } of await session.all()) {
          // The home team is the personal space, named as the projects list names it.
          const personal = team.isHome || team.id === '';
          for (const s of await store.projectSizes()) out.push({ ...s, personal, ...(team.id ? { teamName: personal ? PERSONAL_SPACE : team.name } : {}) });
        }
        return out.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
      }),
  };
}
