/**
 * The risk setup (issue 15 "set up uncertainty: rules first, then per-activity overrides in a
 * grid"): a table of rules (what each applies to, the distribution, low / most likely / high % of
 * the remaining duration, checked with the core's messages as they are typed), the default rule
 * stated in words when there is none, the per-activity grid showing each activity's resolved
 * range and where it comes from (filtered and virtualised, so a 10,000-activity schedule stays
 * responsive), correlation groups and cost uncertainty (./RiskCorrelations.tsx), the milestones to report on, iterations and seed.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { DEFAULT_RULE, overrideProblem, ruleProblem, type DistributionKind } from '../../../core/risk/uncertainty';
import { RuleTargetSelect } from './RuleTargetSelect';
import { CostUncertainty, RiskCorrelations, correlationProblem, costProblem } from './RiskCorrelations';
import { RiskRegister, eventProblem } from './RiskRegister';
import { RISK_ITERATIONS_MAX, type RiskActivityRange, type RiskOverride, type RiskProjectSetup, type RiskRule, type RiskSetupView } from '../../../local/contracts';
import { ProblemsAndAdd, RemoveCell } from './rowEditor';

const KINDS: { value: DistributionKind; label: string }[] = [
  { value: 'triangular', label: 'Triangular' },
  { value: 'pert', label: 'BetaPERT' },
  { value: 'uniform', label: 'Uniform' },
  { value: 'trigen', label: 'Trigen (P10/P90)' },
  { value: 'lognormal', label: 'Lognormal (P10/P90)' },
];

/** Estimated row height of the overrides grid (measured once rendered). */
const ROW_HEIGHT = 38;

export interface RiskSetupPanelProps {
  view: RiskSetupView;
  draft: RiskProjectSetup;
  onChange(next: RiskProjectSetup): void;
  canWrite: boolean;
  dirty: boolean;
  busy: boolean;
  onSave(): void;
}

export function RiskSetupPanel({ view, draft, onChange, canWrite, dirty, busy, onSave }: RiskSetupPanelProps) {
  const set = (patch: Partial<RiskProjectSetup>) => onChange({ ...draft, ...patch });
  const setRule = (i: number, patch: Partial<RiskRule>) => set({ rules: draft.rules.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  const addRule = () =>
    set({ rules: [...draft.rules, { id: `rule-${Date.now().toString(36)}`, name: `Rule ${draft.rules.length + 1}`, target: { kind: 'all' }, distribution: 'triangular', minPct: -10, mostLikelyPct: 0, maxPct: 25 }] });
  const problems = draft.rules.map((r) => ruleProblem(r));
  const known = useMemo(() => new Set(view.activities.map((a) => a.activityId)), [view.activities]);
  const eventsBad = draft.events.some((e) => eventProblem(e, known) !== null) || draft.correlations.some((g) => correlationProblem(g) !== null) || (draft.costUncertainty !== null && costProblem(draft.costUncertainty) !== null);
  const iterProblem = !Number.isInteger(draft.iterations) || draft.iterations < 10 || draft.iterations > RISK_ITERATIONS_MAX ? `Iterations must be a whole number from 10 to ${RISK_ITERATIONS_MAX.toLocaleString('en-GB')}.` : null;

  return (
    <section className="card risk-card" aria-labelledby="risk-setup-heading">
      <h2 id="risk-setup-heading" className="risk-card__heading">
        Uncertainty
      </h2>
      <h3 className="risk-sub">Rules</h3>
      {draft.rules.length === 0 ? (
        <p className="risk-default" data-testid="risk-default-rule">
          No rules set: every task uses the default range, {String(DEFAULT_RULE.minPct).replace('-', '−')}% / as planned / +{DEFAULT_RULE.maxPct}% of its remaining duration, triangular (three-point estimates in the file are used where present). Add a rule for an assessment of your own.
        </p>
      ) : (
        <p className="muted">Rules read top to bottom; a later rule that matches an activity replaces an earlier one. Percentages are of the remaining duration.</p>
      )}
      {draft.rules.length > 0 ? (
        <div className="risk-scroll" role="region" aria-label="Uncertainty rules" tabIndex={0}>
          <table className="risk-rules">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Applies to</th>
                <th scope="col">Distribution</th>
                <th scope="col">Low %</th>
                <th scope="col">Most likely %</th>
                <th scope="col">High %</th>
                <th scope="col">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.rules.map((r, i) => (
                <tr key={r.id} aria-invalid={problems[i] ? 'true' : undefined}>
                  <td>
                    <input aria-label={`Rule ${i + 1} name`} className="field-input" value={r.name} disabled={!canWrite} onChange={(e) => setRule(i, { name: e.target.value })} />
                  </td>
                  <td>
                    <RuleTargetSelect view={view} label={`Rule ${i + 1} applies to`} value={r.target} disabled={!canWrite} onChange={(target) => setRule(i, { target })} />
                  </td>
                  <td>
                    <select aria-label={`Rule ${i + 1} distribution`} className="field-input" value={r.distribution} disabled={!canWrite} onChange={(e) => setRule(i, { distribution: e.target.value as DistributionKind })}>
                      {KINDS.map((k) => (
                        <option key={k.value} value={k.value}>
                          {k.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  {(['minPct', 'mostLikelyPct', 'maxPct'] as const).map((k) => (
                    <td key={k}>
                      <input
                        aria-label={`Rule ${i + 1} ${k === 'minPct' ? 'low' : k === 'maxPct' ? 'high' : 'most likely'} %`}
                        className="field-input risk-num"
                        type="number"
                        inputMode="decimal"
                        value={Number.isFinite(r[k]) ? r[k] : ''}
                        disabled={!canWrite}
                        onChange={(e) => setRule(i, { [k]: e.target.value === '' ? NaN : Number(e.target.value) })}
                      />
                    </td>
                  ))}
                  <RemoveCell canWrite={canWrite} onRemove={() => set({ rules: draft.rules.filter((_, k) => k !== i) })} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ProblemsAndAdd problems={problems} canWrite={canWrite} addLabel="Add a rule" onAdd={addRule} />

      <RiskCorrelations view={view} groups={draft.correlations} canWrite={canWrite} onChange={(correlations) => set({ correlations })} />
      <RiskRegister view={view} events={draft.events} canWrite={canWrite} onChange={(events) => set({ events })} />
      {view.hasCost ? <CostUncertainty value={draft.costUncertainty} currency={view.currency} canWrite={canWrite} onChange={(costUncertainty) => set({ costUncertainty })} /> : null}

      <h3 className="risk-sub">Run</h3>
      <div className="risk-run-fields">
        <label className="field-label">
          Iterations
          <input className="field-input risk-num" type="number" min={10} max={RISK_ITERATIONS_MAX} step={100} value={Number.isFinite(draft.iterations) ? draft.iterations : ''} disabled={!canWrite} onChange={(e) => set({ iterations: Number(e.target.value) })} />
        </label>
        <label className="field-label">
          Seed
          <input className="field-input risk-num" type="number" min={0} value={draft.seed} disabled={!canWrite} onChange={(e) => set({ seed: Number(e.target.value) })} />
        </label>
        {view.milestones.length > 0 ? (
          <label className="field-label risk-targets">
            Milestones to report on
            <select
              multiple
              className="field-input"
              value={draft.targets}
              disabled={!canWrite}
              onChange={(e) => set({ targets: Array.from(e.target.selectedOptions, (o) => o.value) })}
              size={Math.min(5, view.milestones.length)}
            >
              {view.milestones.map((m) => (
                <option key={m.activityId} value={m.activityId}>
                  {m.code} {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {iterProblem ? (
        <p className="field-error" role="alert">
          {iterProblem}
        </p>
      ) : null}
      {view.conflicts.length > 0 ? <p className="risk-warning">Two devices changed {view.conflicts.join(', ')} at the same time; the values shown are in use. Save to settle them.</p> : null}
      {canWrite ? (
        <p>
          <button type="button" className="btn btn-primary btn-sm" disabled={!dirty || busy || problems.some(Boolean) || iterProblem !== null || eventsBad} onClick={onSave}>
            Save setup
          </button>{' '}
          {dirty ? <span className="muted">Unsaved changes: the ranges below update when saved.</span> : null}
        </p>
      ) : (
        <p className="muted">You can view and run this setup; only editors change it.</p>
      )}

      <Overrides view={view} draft={draft} canWrite={canWrite} onChange={(overrides) => set({ overrides })} />
    </section>
  );
}

function Overrides({ view, draft, canWrite, onChange }: { view: RiskSetupView; draft: RiskProjectSetup; canWrite: boolean; onChange(o: RiskOverride[]): void }) {
  const [filter, setFilter] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? view.activities.filter((a) => a.code.toLowerCase().includes(q) || a.name.toLowerCase().includes(q)) : view.activities;
  }, [view.activities, filter]);
  const byId = useMemo(() => new Map(draft.overrides.map((o) => [o.activityId, o])), [draft.overrides]);
  const setOverride = (a: RiskActivityRange, o: RiskOverride | null) => onChange(o ? [...draft.overrides.filter((x) => x.activityId !== a.activityId), o] : draft.overrides.filter((x) => x.activityId !== a.activityId));
  const h = (x: number | null) => (x === null ? '—' : x.toLocaleString('en-GB', { maximumFractionDigits: 1 }));
  // Only the rows in view are rendered: a 10,000-activity schedule scrolls like a 50-activity one.
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollPaddingStart: ROW_HEIGHT });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <>
      <h3 className="risk-sub">Per-activity ranges and overrides</h3>
      <p className="muted">
        Each activity’s range in working hours and where it comes from. An override replaces the rules for that activity. {view.activities.length.toLocaleString('en-GB')} activities.
      </p>
      <input type="search" className="field-input risk-filter" placeholder="Filter by Activity ID or name" aria-label="Filter activities" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <div ref={scrollRef} className="risk-scroll risk-scroll--tall" role="region" aria-label="Per-activity ranges" tabIndex={0}>
        <table className="risk-grid" aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              <th scope="col">Activity ID</th>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Remaining (h)
              </th>
              <th scope="col" className="num">
                Low
              </th>
              <th scope="col" className="num">
                Most likely
              </th>
              <th scope="col" className="num">
                High
              </th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true" className="risk-grid__pad">
                <td colSpan={7} style={{ height: padTop }} />
              </tr>
            ) : null}
            {items.map((v) => {
              const a = rows[v.index];
              const o = byId.get(a.activityId);
              const problem = o ? overrideProblem(o, a.code) : null;
              return (
                <tr key={a.activityId} ref={virtualizer.measureElement} data-index={v.index} aria-rowindex={v.index + 2}>
                  <td className="code">{a.code}</td>
                  <td className="risk-grid__name">{a.name}</td>
                  <td className="num">{h(a.remaining)}</td>
                  {o ? (
                    (['min', 'mostLikely', 'max'] as const).map((k) => (
                      <td key={k} className="num">
                        <input
                          aria-label={`${a.code} ${k === 'min' ? 'low' : k === 'max' ? 'high' : 'most likely'} hours`}
                          className="field-input risk-num"
                          type="number"
                          value={Number.isFinite(o[k]) ? o[k] : ''}
                          aria-invalid={problem ? 'true' : undefined}
                          disabled={!canWrite}
                          onChange={(e) => setOverride(a, { ...o, [k]: e.target.value === '' ? NaN : Number(e.target.value) })}
                        />
                      </td>
                    ))
                  ) : (
                    <>
                      <td className="num">{h(a.low)}</td>
                      <td className="num">{h(a.mostLikely)}</td>
                      <td className="num">{h(a.high)}</td>
                    </>
                  )}
                  <td>
                    {o ? (a.source === 'Override' ? 'Override' : 'Override (save to apply)') : a.source}
                    {problem ? <span className="field-error"> {problem}</span> : null}
                    {canWrite && a.remaining > 0 ? (
                      o ? (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOverride(a, null)}>
                          Clear
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setOverride(a, { activityId: a.activityId, distribution: 'triangular', min: a.low ?? a.remaining, mostLikely: a.mostLikely ?? a.remaining, max: a.high ?? a.remaining })}
                        >
                          Override
                        </button>
                      )
                    ) : null}
                  </td>
                </tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden="true" className="risk-grid__pad">
                <td colSpan={7} style={{ height: padBottom }} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  {filter.trim() ? `No activity matches “${filter.trim()}”.` : 'No activity has remaining work to vary.'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
