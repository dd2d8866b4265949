/**
 * What the dashboard cites of the project's latest risk snapshot (issue 15 "Integrate with earned
 * value"): the P50/P80 finish and cost beside the deterministic forecast, for the Overview and the
 * commentary. Reads one document: snapshot ids start with their creation time (store/ids.ts
 * newId), so the newest is the last id under the project's prefix.
 */
import type { RiskCitation } from '../../core/insight/commentary';
import { readMutable } from '../sync/mutable';
import type { LocalStore } from '../store';
import { snapshotOf } from './index';

export interface LatestRisk {
  /** Changes whenever another snapshot becomes the latest, or this one changes: part of the dashboard's cache key. */
  key: string;
  citation: RiskCitation;
  /** The snapshot's name and id, for the Overview's link. */
  name: string;
  id: string;
}

export async function latestRisk(store: LocalStore, projectId: string): Promise<LatestRisk | null> {
  const prefix = `risk:${projectId}:`;
  const res = await store.pouch.allDocs({ startkey: `${prefix}\ufff0`, endkey: prefix, descending: true, limit: 1 });
  const row = res.rows[0];
  if (!row) return null;
  const read = await readMutable(store.pouch, row.id);
  const s = read ? snapshotOf(read) : null;
  if (!s) return null;
  const notes = s.results.notes.join(' ');
  return {
    key: `${row.id}@${row.value.rev}`,
    name: s.name,
    id: s.id,
    citation: {
      dataDate: s.dataDate ?? '',
      iterations: s.iterations,
      finishP50: s.p50Finish,
      finishP80: s.p80Finish,
      deterministicFinish: s.deterministicFinish,
      deterministicConfidence: s.results.finish.deterministicConfidence,
      costP50: s.p50Cost,
      costP80: s.p80Cost,
      // No rule, no override and no ranges from the file: only the default rule varied the work.
      defaultRangesOnly: s.setup.rules.length === 0 && s.setup.overrides.length === 0 && !/three-point durations in the file/.test(notes),
    },
  };
}
