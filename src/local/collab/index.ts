/**
 * The data worker's collaboration calls (contracts.ts, "collaboration"): comments, variance
 * narratives and "what changed since I last looked". Each call works in the store that holds the
 * project (`storeForProject`), as the signed-in user (`who`, set by useAccount).
 */
import { draftVarianceNarrative, varianceCandidates } from '../../core/insight';
import type { BreakdownNode } from '../../core/evm/types';
import type { AccountSession } from '../account';
import type { DataApi, ProjectSummaryRow, VarianceList, VarianceRow } from '../contracts';
import { projectDashboard } from '../dashboard';
import type { LocalStore } from '../store';
import { guarded, StoreError } from '../store/errors';
import { isValidId } from '../store/ids';
import { addComment, deleteComment, editComment, listComments, resolveComment, setResolved } from './comments';
import { collabContext, type CollabContext, type Identity } from './context';
import { changesSince, markSeen, withChanges } from './seen';
import { resolveVarConflict, saveVar, setVarStatus, varsOfPeriod } from './vars';

export type { Identity } from './context';
export { changesSince, markSeen } from './seen';

/** The store of the team space that holds a project. */
export async function storeForProject(session: AccountSession, projectId: string): Promise<LocalStore> {
  return (await session.spaceOf(projectId)).store;
}

export type CollabApi = Pick<
  DataApi,
  | 'listComments'
  | 'addComment'
  | 'editComment'
  | 'setCommentResolved'
  | 'deleteComment'
  | 'resolveCommentConflict'
  | 'listVariances'
  | 'saveVariance'
  | 'setVarianceStatus'
  | 'resolveVarianceConflict'
  | 'markProjectSeen'
> & {
  /** The project rows with what changed since the user last looked (`changes`). */
  withChanges(rows: ProjectSummaryRow[]): Promise<ProjectSummaryRow[]>;
};

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
  return projectId;
}

function findNode(n: BreakdownNode, id: string): BreakdownNode | null {
  if (n.id === id) return n;
  for (const c of n.children) {
    const hit = findNode(c, id);
    if (hit) return hit;
  }
  return null;
}

export function collabHandlers(session: AccountSession, who: Identity, opts: { buildId: string; now?: () => Date }): CollabApi {
  const now = opts.now ?? (() => new Date());
  const ctx = async (projectId: unknown): Promise<[CollabContext, string]> => {
    const id = checkProjectId(projectId);
    return [collabContext(await storeForProject(session, id), who, () => now().getTime()), id];
  };
  return {
    async listComments(projectId) {
      const [c, id] = await ctx(projectId);
      return guarded(() => listComments(c, id), 'reading the comments');
    },
    async addComment(projectId, target, text) {
      const [c, id] = await ctx(projectId);
      return guarded(() => addComment(c, id, target, text), 'saving your comment');
    },
    async editComment(projectId, commentId, text, seen) {
      const [c, id] = await ctx(projectId);
      return guarded(() => editComment(c, id, commentId, text, seen), 'saving your comment');
    },
    async setCommentResolved(projectId, commentId, resolved, seen) {
      const [c, id] = await ctx(projectId);
      return guarded(() => setResolved(c, id, commentId, resolved, seen), resolved ? 'resolving the comment' : 'reopening the comment');
    },
    async deleteComment(projectId, commentId, seen) {
      const [c, id] = await ctx(projectId);
      return guarded(() => deleteComment(c, id, commentId, seen), 'deleting the comment');
    },
    async resolveCommentConflict(projectId, commentId, text) {
      const [c, id] = await ctx(projectId);
      return guarded(() => resolveComment(c, id, commentId, text), 'keeping the version you chose');
    },

    async listVariances(projectId, options = {}): Promise<VarianceList> {
      const id = checkProjectId(projectId);
      const store = await storeForProject(session, id);
      const data = await projectDashboard(store, id, options, now(), opts.buildId);
      const period = data.analysis.dataDate ? data.analysis.dataDate.slice(0, 10) : null;
      if (!period) return { period: null, rows: [], note: 'This analysis has no status date, so variance narratives (one per control account per status period) cannot be written against it.' };
      const stored = await guarded(() => varsOfPeriod(collabContext(store, who), id, period), 'reading the variance narratives');
      // Judged by the project's thresholds, as the dashboard's alerts are (data.rules).
      const rules = data.rules;
      const rows: VarianceRow[] = varianceCandidates(data.analysis, rules).map((cand) => ({
        nodeId: cand.nodeId,
        code: cand.code,
        name: cand.name,
        nodeKind: cand.kind,
        severity: cand.severity,
        breaches: cand.breaches,
        var: stored.get(cand.nodeId)?.view ?? null,
        draft: draftVarianceNarrative(data, cand.nodeId, { rules }),
      }));
      // VARs already written for accounts that no longer breach (other options, re-imported status) stay listed.
      for (const s of stored.values()) {
        if (rows.some((r) => r.nodeId === s.nodeId)) continue;
        const node = data.analysis.breakdown ? findNode(data.analysis.breakdown, s.nodeId) : null;
        rows.push({
          nodeId: s.nodeId,
          code: node?.code ?? s.code,
          name: node ? node.name || node.code || node.id : s.name || s.code || s.nodeId,
          nodeKind: node?.kind ?? 'wbs',
          severity: null,
          breaches: [],
          var: s.view,
          draft: node ? draftVarianceNarrative(data, s.nodeId, { rules }) : null,
        });
      }
      const note = rows.length === 0 ? (data.analysis.breakdown ? 'No control account breaches a threshold in this status period, so no variance narrative is due.' : 'This schedule has no breakdown (WBS or control accounts), so there is nothing to write variance narratives against.') : undefined;
      return { period, rows, ...(note ? { note } : {}) };
    },
    async saveVariance(projectId, key, fields, seen) {
      const [c, id] = await ctx(projectId);
      return guarded(() => saveVar(c, id, key, fields, seen), 'saving the variance narrative');
    },
    async setVarianceStatus(projectId, key, status) {
      const [c, id] = await ctx(projectId);
      return guarded(() => setVarStatus(c, id, key, status), 'changing the variance narrative’s status');
    },
    async resolveVarianceConflict(projectId, key, field, value) {
      const [c, id] = await ctx(projectId);
      return guarded(() => resolveVarConflict(c, id, key, field, value), 'keeping the version you chose');
    },

    async markProjectSeen(projectId) {
      const id = checkProjectId(projectId);
      if (!who.userId) return;
      const store = await storeForProject(session, id);
      await guarded(() => markSeen(store.pouch, who.userId as string, id, () => now().getTime()), 'noting that you opened the project');
    },
    async withChanges(rows) {
      return withChanges(rows, who.userId, async (projectId) => (await storeForProject(session, projectId)).pouch);
    },
  };
}

/** For tests: what changed in a project for a user (contracts.ts ProjectChanges), or null. */
export const projectChangesFor = (store: LocalStore, userId: string, projectId: string) => changesSince(store.pouch, userId, projectId);
