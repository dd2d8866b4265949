/** Projects and their imports as the lists show them. */
import type { AccountSession } from './account';
import type { DataApi } from './contracts';

export function projectHandlers(session: AccountSession): Pick<DataApi, 'listProjects' | 'createProject' | 'deleteProject' | 'listImports'> {
  return {
    async listProjects() {
      return (await session.store()).listProjects();
    },
    async createProject(input) {
      return (await session.store()).createProject(input);
    },
    async deleteProject(id) {
      await (await session.store()).deleteProject(id);
    },
    async listImports(projectId) {
      return (await session.store()).listImports(projectId);
    },
  };
}
