/**
 * WBS summaries (P6 TT_WBS, hammocks): which activities each one spans.
 */
import type { Schedule } from '../model/schedule';
import { KIND_SUMMARY } from './codes';

/** CSR of the activities each WBS-summary node spans: every non-summary activity under its WBS element. */
export function summaryMembers(schedule: Schedule, kind: Uint8Array, ids: string[]): { summaryStart: Int32Array; summaryIdx: Int32Array } {
  const n = kind.length;
  const summaryStart = new Int32Array(n + 1);
  let any = false;
  for (let i = 0; i < n; i++) if (kind[i] === KIND_SUMMARY) any = true;
  if (!any) return { summaryStart, summaryIdx: new Int32Array(0) };
  const parent = new Map(schedule.wbs.map((w) => [w.id, w.parentId]));
  const wbsOf = new Map(schedule.activities.map((a) => [a.id, a.wbsId]));
  const under = new Map<string, number[]>(); // WBS id → nodes at or below it
  for (let i = 0; i < n; i++) {
    if (kind[i] === KIND_SUMMARY) continue;
    let w = wbsOf.get(ids[i]) ?? null;
    const seen = new Set<string>();
    while (w !== null && !seen.has(w)) {
      seen.add(w);
      let list = under.get(w);
      if (!list) under.set(w, (list = []));
      list.push(i);
      w = parent.get(w) ?? null;
    }
  }
  const lists: number[][] = [];
  for (let i = 0; i < n; i++) {
    const w = kind[i] === KIND_SUMMARY ? wbsOf.get(ids[i]) : undefined;
    const list = w ? (under.get(w) ?? []) : [];
    lists.push(list);
    summaryStart[i + 1] = summaryStart[i] + list.length;
  }
  const summaryIdx = new Int32Array(summaryStart[n]);
  for (let i = 0; i < n; i++) summaryIdx.set(lists[i], summaryStart[i]);
  return { summaryStart, summaryIdx };
}
