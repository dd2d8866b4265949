/**
 * Two more inputs of the risk setup (issue 15 "Inputs"):
 * - correlation groups: activities that move together ("all civils work shares the ground
 *   conditions": ρ 0.6), chosen like rules (a WBS branch, an activity code value, a type). Without
 *   them a simulation treats every duration as independent and understates the spread, the
 *   classic criticism of Monte Carlo schedules (Hulett 2009, ch. 6);
 * - cost uncertainty: one three-point factor on the cost of the remaining work, shown as
 *   percentages. Time-dependent cost already follows each simulated duration; this adds rate and
 *   quantity uncertainty on top.
 */
import type { RiskCorrelation, RiskSetupView } from '../../../local/contracts';
import { RuleTargetSelect } from './RuleTargetSelect';
import { ProblemsAndAdd, RemoveCell } from './rowEditor';

type Three = { min: number; mostLikely: number; max: number };

/** Why a group cannot be used, in the data worker's words, or null. */
export function correlationProblem(g: RiskCorrelation): string | null {
  if (!g.name.trim()) return 'A correlation group needs a name.';
  if (!Number.isFinite(g.rho) || g.rho < 0 || g.rho > 1) return `${g.name}: the correlation must be between 0 and 1.`;
  return null;
}

/** Why a cost range cannot be used, or null. */
export function costProblem(c: Three): string | null {
  if (![c.min, c.mostLikely, c.max].every(Number.isFinite) || !(c.min <= c.mostLikely && c.mostLikely <= c.max)) return 'Cost uncertainty: enter low, most likely and high, in that order.';
  if (c.min < 0) return 'Cost uncertainty: the low cannot be below −100%.';
  return null;
}

export function RiskCorrelations({ view, groups, canWrite, onChange }: { view: RiskSetupView; groups: RiskCorrelation[]; canWrite: boolean; onChange(g: RiskCorrelation[]): void }) {
  const set = (i: number, patch: Partial<RiskCorrelation>) => onChange(groups.map((g, k) => (k === i ? { ...g, ...patch } : g)));
  const add = () => onChange([...groups, { name: `Group ${groups.length + 1}`, target: { kind: 'all' }, rho: 0.5 }]);
  const problems = groups.map(correlationProblem);
  return (
    <>
      <h3 className="risk-sub">Correlation</h3>
      <p className="muted">
        Activities that share a cause (the same ground, crew or supplier) overrun together. A group makes their durations move together with the rank correlation you give (0 independent, 1 in lockstep; 0.3–0.6 is usual). Groups read top to bottom: an activity in two groups
        belongs to the later one.
      </p>
      {groups.length > 0 ? (
        <div className="risk-scroll" role="region" aria-label="Correlation groups" tabIndex={0}>
          <table className="risk-rules">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Applies to</th>
                <th scope="col">Correlation (0–1)</th>
                <th scope="col">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g, i) => (
                <tr key={i} aria-invalid={problems[i] ? 'true' : undefined}>
                  <td>
                    <input aria-label={`Group ${i + 1} name`} className="field-input" value={g.name} disabled={!canWrite} onChange={(e) => set(i, { name: e.target.value })} />
                  </td>
                  <td>
                    {g.target ? (
                      <RuleTargetSelect view={view} label={`Group ${i + 1} applies to`} value={g.target} disabled={!canWrite} onChange={(target) => set(i, { target })} />
                    ) : (
                      <span className="muted">{(g.activityIds ?? []).length.toLocaleString('en-GB')} activities named one by one (kept as saved)</span>
                    )}
                  </td>
                  <td>
                    <input
                      aria-label={`Group ${i + 1} correlation`}
                      className="field-input risk-num"
                      type="number"
                      min={0}
                      max={1}
                      step={0.1}
                      value={Number.isFinite(g.rho) ? g.rho : ''}
                      disabled={!canWrite}
                      onChange={(e) => set(i, { rho: e.target.value === '' ? NaN : Number(e.target.value) })}
                    />
                  </td>
                  <RemoveCell canWrite={canWrite} onRemove={() => onChange(groups.filter((_, k) => k !== i))} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ProblemsAndAdd problems={problems} canWrite={canWrite} addLabel="Add a correlation group" onAdd={add} />
    </>
  );
}

/** The factor (0.95 / 1 / 1.15) as the percentages people think in (−5 / 0 / +15), to one decimal. */
const pctOf = (f: number) => (Number.isFinite(f) ? Math.round((f - 1) * 1000) / 10 : '');
const factorOf = (v: string) => (v === '' ? NaN : 1 + Number(v) / 100);

export function CostUncertainty({ value, currency, canWrite, onChange }: { value: Three | null; currency: string; canWrite: boolean; onChange(v: Three | null): void }) {
  const problem = value ? costProblem(value) : null;
  const labels = { min: 'low', mostLikely: 'most likely', max: 'high' } as const;
  return (
    <>
      <h3 className="risk-sub">Cost uncertainty</h3>
      <p className="muted">
        Costs already follow each simulated duration (labour and equipment by the hour) and the risks’ cost impacts. Add a range here for rates and quantities too: low / most likely / high, as % of the remaining cost ({currency}), triangular.
      </p>
      {value ? (
        <div className="risk-run-fields" role="group" aria-label="Cost uncertainty">
          {(['min', 'mostLikely', 'max'] as const).map((k) => (
            <label key={k} className="field-label">
              {labels[k][0].toUpperCase() + labels[k].slice(1)} %
              <input className="field-input risk-num" type="number" step={1} aria-label={`Cost ${labels[k]} %`} value={pctOf(value[k])} disabled={!canWrite} onChange={(e) => onChange({ ...value, [k]: factorOf(e.target.value) })} />
            </label>
          ))}
          {canWrite ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
              Remove the cost range
            </button>
          ) : null}
        </div>
      ) : canWrite ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onChange({ min: 0.95, mostLikely: 1, max: 1.15 })}>
          Add a cost range (−5% / +15%)
        </button>
      ) : (
        <p className="muted">No cost range is set.</p>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
