/**
 * The project's thresholds (issue 14): amber and red levels per metric, each default's source, and
 * control accounts' own levels. Saved in the data worker (checked there, every problem named); the
 * dashboard, the cards, the breakdown cells and the alerts are judged by them at once.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { dataApi } from '../../../client/data';
import {
  DEFAULT_METRIC_THRESHOLDS,
  DEFAULT_SOURCES,
  THRESHOLD_METRICS,
  directionWords,
  formatLevel,
  thresholdLabel,
  type ThresholdMetric,
} from '../../../core/insight/thresholds';
import type { BreakdownNode } from '../../../core/evm/types';
import type { ThresholdsView } from '../../../local/contracts';
import { when } from '../../dashboard/collab/CommentsPanel';
import { formOf, isPercent, OVERRIDABLE, thresholdsOf, type LevelText, type ThresholdForm } from './thresholdForm';

export interface ThresholdsEditorProps {
  projectId: string;
  /** The control accounts of the analysis on screen (empty when the breakdown is by WBS). */
  accounts: readonly BreakdownNode[];
  /** Moves when the project changed here or elsewhere: the thresholds are read again. */
  refresh: number;
  readOnly: boolean;
  /** Shows the breakdown by control account (to pick accounts for their own levels). */
  onShowAccounts?: () => void;
}

function defaultText(m: ThresholdMetric): string {
  const d = DEFAULT_METRIC_THRESHOLDS[m];
  const w = directionWords(m);
  const part = (v: number | null, word: string) => (v === null ? `no ${word}` : `${word} ${w}${w.endsWith('±') ? '' : ' '}${formatLevel(m, v)}`);
  return `Default: ${part(d.amber, 'amber')}, ${part(d.red, 'red')}.`;
}

function LevelInputs({ metric, value, onChange, placeholder, disabled, idBase, label }: { metric: ThresholdMetric; value: LevelText; onChange: (v: LevelText) => void; placeholder?: LevelText; disabled: boolean; idBase: string; label: string }) {
  const unit = isPercent(metric) ? '%' : '';
  // "beyond ±" never breaks before its sign.
  const dir = directionWords(metric).replace(' ±', '\u00a0±');
  return (
    <div className="thresholds__levels">
      {(['amber', 'red'] as const).map((level) => (
        <label key={level} className={`thresholds__level thresholds__level--${level}`} htmlFor={`${idBase}-${level}`}>
          <span>
            {level === 'amber' ? 'Amber' : 'Red'} {dir}
          </span>
          <span className="thresholds__input">
            <input
              id={`${idBase}-${level}`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={value[level]}
              placeholder={placeholder?.[level] ?? ''}
              disabled={disabled}
              aria-label={`${label}: ${level} level${unit ? ' (percent)' : ''}`}
              onChange={(e) => onChange({ ...value, [level]: e.target.value })}
            />
            {unit ? <span aria-hidden="true">{unit}</span> : null}
          </span>
        </label>
      ))}
    </div>
  );
}

export function ThresholdsEditor({ projectId, accounts, refresh, readOnly, onShowAccounts }: ThresholdsEditorProps) {
  const id = useId();
  const [view, setView] = useState<ThresholdsView | null>(null);
  const [form, setForm] = useState<ThresholdForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState('');
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    let live = true;
    dataApi()
      .readThresholds(projectId)
      .then(
        (v) => {
          if (!live) return;
          setView(v);
          // A change that arrives while the user edits does not wipe what they typed.
          setForm((f) => (f && dirty ? f : formOf(v.thresholds)));
        },
        (e: Error) => live && setError(e.message),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `dirty` is read, not watched: typing must not reload.
  }, [projectId, refresh]);

  const free = useMemo(() => accounts.filter((a) => !form?.overrides.some((o) => o.id === a.id)), [accounts, form]);

  if (error && !form) return <p role="alert" className="thresholds__error">{error}</p>;
  if (!form || !view) return <p className="muted">Reading the thresholds…</p>;

  const edit = (f: ThresholdForm) => {
    setForm(f);
    setDirty(true);
    setStatus(null);
  };
  const setProject = (m: ThresholdMetric, v: LevelText) => edit({ ...form, project: { ...form.project, [m]: v } });

  async function run(work: () => Promise<ThresholdsView>, done: string) {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const v = await work();
      setView(v);
      setForm(formOf(v.thresholds));
      setDirty(false);
      setStatus(done);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const errors = error ? error.split('\n') : [];
  return (
    <form
      className="thresholds"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => dataApi().saveThresholds(projectId, thresholdsOf(form), view.seen), 'Thresholds saved: the figures and alerts are judged by them now.');
      }}
    >
      <h3 id={`${id}-title`} className="thresholds__title">
        Project thresholds
      </h3>
      <p className="muted thresholds__meta">
        {view.isDefault ? 'The defaults, from common practice (sources below each).' : `Set for this project${view.updatedBy ? ` by ${view.updatedBy}` : ''}${view.updatedAt ? `, ${when(view.updatedAt)}` : ''}.`} Amber
        warns first; red is critical. Leave a level empty to turn it off.
      </p>
      {view.conflicts.length ? (
        <p className="thresholds__conflict" role="status">
          Two devices changed {view.conflicts.join(', ')} at the same time; the later change is in force. Check the levels and save to confirm them.
        </p>
      ) : null}
      <div className="thresholds__grid">
        {THRESHOLD_METRICS.map((m) => (
          <fieldset key={m} className="thresholds__metric" data-metric={m} disabled={readOnly}>
            <legend>{thresholdLabel(m)}</legend>
            <LevelInputs metric={m} value={form.project[m]} onChange={(v) => setProject(m, v)} disabled={readOnly || busy} idBase={`${id}-${m}`} label={thresholdLabel(m)} />
            <p className="thresholds__default">{defaultText(m)}</p>
            <details className="thresholds__source">
              <summary>Source</summary>
              <p>{DEFAULT_SOURCES[m]}</p>
            </details>
          </fieldset>
        ))}
      </div>

      <h3 className="thresholds__title">Control accounts with their own levels</h3>
      <p className="muted">
        An account’s own levels replace the project’s on that account only. An empty field takes the project’s level. SPI(t) and TSPI are measured on the whole project, so
        they have no account levels.
      </p>
      {form.overrides.length === 0 ? <p className="muted">No control account has levels of its own.</p> : null}
      {form.overrides.map((o, i) => {
        const label = `${o.code ?? o.id}${o.name && o.name !== o.code ? ` ${o.name}` : ''}`;
        return (
          <fieldset key={o.id} className="thresholds__override" data-account={o.id} disabled={readOnly}>
            <legend>Control account {label}</legend>
            <div className="thresholds__grid">
              {OVERRIDABLE.map((m) => (
                <div key={m} className="thresholds__metric" data-metric={m}>
                  <p className="thresholds__metric-name">{thresholdLabel(m)}</p>
                  <LevelInputs
                    metric={m}
                    value={o.levels[m] ?? { amber: '', red: '' }}
                    placeholder={form.project[m]}
                    onChange={(v) => edit({ ...form, overrides: form.overrides.map((x, j) => (j === i ? { ...x, levels: { ...x.levels, [m]: v } } : x)) })}
                    disabled={readOnly || busy}
                    idBase={`${id}-o${i}-${m}`}
                    label={`${label} ${thresholdLabel(m)}`}
                  />
                </div>
              ))}
            </div>
            {!readOnly ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => edit({ ...form, overrides: form.overrides.filter((_, j) => j !== i) })}>
                Remove {label}’s own levels
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {!readOnly ? (
        accounts.length > 0 ? (
          <div className="thresholds__add">
            <label className="field" htmlFor={`${id}-add`}>
              <span>Control account for its own levels</span>
              <select id={`${id}-add`} className="input" value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">Choose an account…</option>
                {free.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.code && a.code !== a.name ? `${a.code} ${a.name}` : a.name || a.id}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={!adding || busy}
              onClick={() => {
                const a = accounts.find((x) => x.id === adding);
                if (!a) return;
                edit({ ...form, overrides: [...form.overrides, { id: a.id, code: a.code, name: a.name, levels: {} }] });
                setAdding('');
              }}
            >
              Give it its own levels
            </button>
          </div>
        ) : (
          <p className="muted">
            The breakdown on screen is by WBS, so no control accounts are listed.{' '}
            {onShowAccounts ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={onShowAccounts}>
                Show the breakdown by control account
              </button>
            ) : null}
          </p>
        )
      ) : null}

      {errors.length ? (
        <div role="alert" className="thresholds__error">
          {errors.map((line, k) => (
            <p key={k}>{line}</p>
          ))}
        </div>
      ) : null}
      {status ? (
        <p role="status" className="thresholds__status">
          {status}
        </p>
      ) : null}
      {readOnly ? (
        <p className="muted">You can read the thresholds but not change them.</p>
      ) : (
        <div className="thresholds__actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save thresholds
          </button>
          <button type="button" className="btn btn-outline" disabled={busy || !dirty} onClick={() => {
              setForm(formOf(view.thresholds));
              setDirty(false);
              setError(null);
            }}>
            Discard changes
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy || (view.isDefault && !dirty)} onClick={() => void run(() => dataApi().resetThresholds(projectId), 'The default thresholds are back, for the project and every account.')}>
            Reset to the defaults
          </button>
        </div>
      )}
    </form>
  );
}
