/**
 * The data worker's thresholds and alerts calls (contracts.ts ThresholdsApi, issue 14). Each works
 * in the store of the team space that holds the project, as the signed-in user, like the
 * collaboration calls (collab/): a viewer's change is refused here (the gateway would refuse it),
 * and a change of thresholds tells every page ('projects-changed') so the dashboard is judged by the
 * new levels at once.
 */
import { ThresholdError, checkThresholds, rulesOfThresholds } from '../../core/insight/thresholds';
import { DEFAULT_RULES, type AlertRule } from '../../core/insight/rules';
import type { AccountSession } from '../account';
import { collabContext, type CollabContext, type Identity } from '../collab/context';
import type { ThresholdsApi, ThresholdsView } from '../contracts';
import type { LocalStore } from '../store';
import { guarded, StoreError } from '../store/errors';
import { isValidId } from '../store/ids';
import type { Db } from '../sync/db';
import { acksOfPeriod, checkAlertKey, checkNote, writeAck } from './acks';
import { readThresholdsDoc, resetThresholdsDoc, storedThresholds, writeThresholdsDoc } from './thresholdsDoc';

export { thresholdsDocId } from './thresholdsDoc';
export { ackDocId } from './acks';

/**
 * The alert rules a project is judged by: its stored thresholds, else the defaults (DEFAULT_RULES,
 * which the default thresholds give exactly). A document that cannot be read costs nothing but the
 * custom levels: the defaults judge, never no rules at all.
 */
export async function projectRules(db: Db, projectId: string): Promise<readonly AlertRule[]> {
  const t = await storedThresholds(db, projectId).catch(() => null);
  return t ? rulesOfThresholds(t) : DEFAULT_RULES;
}

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'string' || !isValidId(projectId)) throw new StoreError('invalid', 'That project id is not valid. Go back to the project list and open the project again.');
  return projectId;
}

const PERIOD_RE = /^\d{4}-\d{2}-\d{2}$/;

export function thresholdsHandlers(session: AccountSession, who: Identity, opts: { now?: () => Date } = {}): ThresholdsApi {
  const now = opts.now ?? (() => new Date());
  const ctx = async (projectId: unknown): Promise<{ c: CollabContext; id: string; store: LocalStore }> => {
    const id = checkProjectId(projectId);
    const store = (await session.spaceOf(id)).store;
    return { c: collabContext(store, who, () => now().getTime()), id, store };
  };
  /** A change: checked first (nothing written when refused), then written; pages are told. */
  const change = async (projectId: unknown, work: (c: CollabContext, id: string) => Promise<boolean>, context: string): Promise<ThresholdsView> => {
    const { c, id, store } = await ctx(projectId);
    c.assertWritable();
    c.requireUser();
    await c.requireProject(id);
    const changed = await guarded(() => work(c, id), context);
    if (changed) store.notifyChanged();
    return guarded(() => readThresholdsDoc(c.db, id), 'reading the thresholds');
  };
  const api: ThresholdsApi = {
    async readThresholds(projectId) {
      const { c, id } = await ctx(projectId);
      await c.requireProject(id);
      return guarded(() => readThresholdsDoc(c.db, id), 'reading the thresholds');
    },
    async saveThresholds(projectId, thresholds, seen) {
      let checked;
      try {
        checked = checkThresholds(thresholds);
      } catch (e) {
        if (e instanceof ThresholdError) throw new StoreError('invalid', `These thresholds were not saved:\n${e.message}`);
        throw e;
      }
      return change(projectId, async (c, id) => writeThresholdsDoc(c.db, id, checked, await c.edit(), seen), 'saving the thresholds');
    },
    async resetThresholds(projectId) {
      return change(projectId, async (c, id) => resetThresholdsDoc(c.db, id, await c.edit()), 'putting the default thresholds back');
    },
    async listAcknowledgements(projectId, period) {
      const { c, id } = await ctx(projectId);
      if (typeof period !== 'string' || !PERIOD_RE.test(period)) throw new StoreError('invalid', `"${String(period)}" is not a status period (YYYY-MM-DD).`);
      return guarded(() => acksOfPeriod(c.db, id, period), 'reading the acknowledged alerts');
    },
    async acknowledgeAlert(projectId, rawKey, rawNote) {
      const key = checkAlertKey(rawKey);
      const note = checkNote(rawNote);
      const { c, id, store } = await ctx(projectId);
      c.assertWritable();
      const user = c.requireUser();
      await c.requireProject(id);
      const ack = await guarded(async () => writeAck(c.db, id, key, { by: user.name, byId: user.id, note }, await c.edit(), c.now()), 'acknowledging the alert');
      if (!ack) throw new StoreError('not-found', 'The acknowledgement was saved but could not be read back. Open the alerts again.');
      store.notifyChanged();
      return ack;
    },
    async unacknowledgeAlert(projectId, rawKey) {
      const key = checkAlertKey(rawKey);
      const { c, id, store } = await ctx(projectId);
      c.assertWritable();
      c.requireUser();
      await c.requireProject(id);
      await guarded(async () => writeAck(c.db, id, key, null, await c.edit(), c.now()), 'taking back the acknowledgement');
      store.notifyChanged();
    },
  };
  // Every call runs like the others: never while a change of spaces closes a store.
  return Object.fromEntries(
    Object.entries(api).map(([name, f]) => [name, (...args: unknown[]) => session.run(() => (f as (...a: unknown[]) => Promise<unknown>)(...args))]),
  ) as unknown as ThresholdsApi;
}

