/** Projects and their imports as the lists show them, across the account's spaces (account.ts). */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function projectHandlers(session: AccountSession): Pick<DataApi, 'listProjects' | 'createProject' | 'deleteProject' | 'listImports'> & { renameProject(projectId: string, name: string): Promise<void> } {
  return {
    listProjects: () => session.run(() => session.listProjects()),
    createProject: (input) =>
      session.run(async () => {
        const { team, store } = await session.forNew(input?.teamId);
        return { ...(await store.createProject(input)), ...(team.id ? { teamId: team.id, teamName: team.name, role: team.role } : {}) };
      }),
    deleteProject: (id) => session.run(async () => (await session.spaceOf(id)).store.deleteProject(id)),
    listImports: (projectId) => session.run(async () => (await session.spaceOf(projectId)).store.listImports(projectId)),
    renameProject: (projectId, name) => session.run(async () => (await session.spaceOf(projectId)).store.renameProject(projectId, name)),
  };
}
