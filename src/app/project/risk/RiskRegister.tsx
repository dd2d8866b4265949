/**
 * A small risk register (issue 15 "Inputs"): events with a probability and, when one occurs, a
 * delay (working hours, three-point) and a cost on the activity it hits. Each row edits one hit;
 * an event saved with several hits (from another tool) is shown and kept, not edited here.
 */
import { useMemo } from 'react';
import type { RiskEventInput, RiskSetupView } from '../../../local/contracts';
import { ProblemsAndAdd, RemoveCell } from './rowEditor';

type Three = { min: number; mostLikely: number; max: number };

const inOrder = (t: Three | undefined) => !t || ([t.min, t.mostLikely, t.max].every(Number.isFinite) && t.min <= t.mostLikely && t.mostLikely <= t.max);

/** Why an event cannot be simulated, in the words the data worker would use, or null. */
export function eventProblem(e: RiskEventInput, known: ReadonlySet<string>): string | null {
  if (!Number.isFinite(e.probability) || e.probability < 0 || e.probability > 1) return `${e.name}: the probability must be between 0% and 100%.`;
  if (e.hits.length === 0 || e.hits.some((h) => !known.has(h.activityId))) return `${e.name}: choose the activity it hits by its Activity ID.`;
  for (const h of e.hits) if (!inOrder(h.schedule) || !inOrder(h.cost)) return `${e.name}: enter low, most likely and high, in that order.`;
  return null;
}

export function RiskRegister({ view, events, canWrite, onChange }: { view: RiskSetupView; events: RiskEventInput[]; canWrite: boolean; onChange(e: RiskEventInput[]): void }) {
  const byCode = useMemo(() => new Map(view.activities.map((a) => [a.code, a.activityId])), [view.activities]);
  const codeOf = useMemo(() => new Map(view.activities.map((a) => [a.activityId, a.code])), [view.activities]);
  const known = useMemo(() => new Set(view.activities.map((a) => a.activityId)), [view.activities]);
  const set = (i: number, e: RiskEventInput) => onChange(events.map((x, k) => (k === i ? e : x)));
  const add = () => onChange([...events, { id: `risk-${Date.now().toString(36)}`, name: `Risk ${events.length + 1}`, probability: 0.3, hits: [{ activityId: '', schedule: { min: 8, mostLikely: 40, max: 80 } }] }]);
  const num = (v: string) => (v === '' ? NaN : Number(v));
  const problems = events.map((e) => eventProblem(e, known));
  return (
    <>
      <h3 className="risk-sub">Risk register</h3>
      <p className="muted">Events that may happen: each iteration an event occurs with its probability and then delays the activity it hits (working hours) and adds its cost.</p>
      {events.length > 0 ? (
        <div className="risk-scroll" role="region" aria-label="Risk register" tabIndex={0}>
          <datalist id="risk-activity-codes">
            {view.activities.slice(0, 5000).map((a) => (
              <option key={a.activityId} value={a.code}>
                {a.name}
              </option>
            ))}
          </datalist>
          <table className="risk-rules">
            <thead>
              <tr>
                <th scope="col">Risk</th>
                <th scope="col">Probability %</th>
                <th scope="col">Activity hit</th>
                <th scope="col">Delay low (h)</th>
                <th scope="col">Most likely (h)</th>
                <th scope="col">High (h)</th>
                <th scope="col">Cost if it occurs</th>
                <th scope="col">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((e, i) => {
                const hit = e.hits[0];
                const editable = canWrite && e.hits.length === 1;
                const sched = hit?.schedule ?? { min: 0, mostLikely: 0, max: 0 };
                return (
                  <tr key={e.id} aria-invalid={problems[i] ? 'true' : undefined}>
                    <td>
                      <input aria-label={`Risk ${i + 1} name`} className="field-input" value={e.name} disabled={!canWrite} onChange={(ev) => set(i, { ...e, name: ev.target.value })} />
                    </td>
                    <td>
                      <input
                        aria-label={`Risk ${i + 1} probability %`}
                        className="field-input risk-num"
                        type="number"
                        min={0}
                        max={100}
                        value={Number.isFinite(e.probability) ? Math.round(e.probability * 1000) / 10 : ''}
                        disabled={!canWrite}
                        onChange={(ev) => set(i, { ...e, probability: num(ev.target.value) / 100 })}
                      />
                    </td>
                    {e.hits.length === 1 ? (
                      <>
                        <td>
                          <input
                            aria-label={`Risk ${i + 1} activity`}
                            className="field-input"
                            list="risk-activity-codes"
                            defaultValue={codeOf.get(hit.activityId) ?? ''}
                            disabled={!editable}
                            onChange={(ev) => set(i, { ...e, hits: [{ ...hit, activityId: byCode.get(ev.target.value.trim()) ?? '' }] })}
                          />
                        </td>
                        {(['min', 'mostLikely', 'max'] as const).map((k) => (
                          <td key={k}>
                            <input
                              aria-label={`Risk ${i + 1} delay ${k === 'min' ? 'low' : k === 'max' ? 'high' : 'most likely'} hours`}
                              className="field-input risk-num"
                              type="number"
                              value={Number.isFinite(sched[k]) ? sched[k] : ''}
                              disabled={!editable}
                              onChange={(ev) => set(i, { ...e, hits: [{ ...hit, schedule: { ...sched, [k]: num(ev.target.value) } }] })}
                            />
                          </td>
                        ))}
                        <td>
                          <input
                            aria-label={`Risk ${i + 1} cost`}
                            className="field-input risk-num"
                            type="number"
                            min={0}
                            value={hit.cost ? hit.cost.mostLikely : ''}
                            disabled={!editable}
                            onChange={(ev) => {
                              const c = num(ev.target.value);
                              const { cost: _cost, ...rest } = hit;
                              set(i, { ...e, hits: [Number.isFinite(c) && c !== 0 ? { ...rest, cost: { min: c, mostLikely: c, max: c } } : rest] });
                            }}
                          />
                        </td>
                      </>
                    ) : (
                      <td colSpan={5} className="muted">
                        Hits {e.hits.length} activities (kept as saved)
                      </td>
                    )}
                    <RemoveCell canWrite={canWrite} onRemove={() => onChange(events.filter((_, k) => k !== i))} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <ProblemsAndAdd problems={problems} canWrite={canWrite} addLabel="Add a risk" onAdd={add} />
    </>
  );
}
