import { useId, useState } from 'react';
import { CHANGE_TYPE_LABELS, CHANGE_TYPE_NOTES, CHANGE_TYPES, type ChangeLine, type ChangeType } from '../../../core/changes/types';
import { formatMoney } from '../../../core/format';
import type { ChangeAccountOption, ChangeFields, ChangePeriodOption } from '../../../local/contracts';

/** A line as the form holds it: the amount as typed, so "-" or "1,5" can be corrected, not lost. */
interface DraftLine {
  key: number;
  account: string;
  period: string;
  amount: string;
}

const accountKey = (a: { id: string; kind: string }) => `${a.kind}|${a.id}`;
const periodKey = (p: { from: string; to: string }) => `${p.from}|${p.to}`;

let nextKey = 1;

/** "12,500.50", "-3000", "£4,000" → a number; null when it is not one. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[,\s£$€]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

export interface ChangeFormProps {
  initial: ChangeFields | null;
  accounts: ChangeAccountOption[];
  periods: ChangePeriodOption[];
  currency: string;
  earliestLineDay: string | null;
  busy: boolean;
  error: string | null;
  onSave(fields: ChangeFields): void;
  onCancel(): void;
}

/** Create or edit a draft change: title, type, description, and its budget lines (control account, period, amount). */
export function ChangeForm({ initial, accounts, periods, currency, earliestLineDay, busy, error, onSave, onCancel }: ChangeFormProps) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [type, setType] = useState<ChangeType>(initial?.type ?? 'scope');
  const [description, setDescription] = useState(initial?.description ?? '');
  // Lines written against an account or period the options no longer offer keep theirs, shown as they were.
  const [known] = useState(() => ({
    accounts: new Map((initial?.lines ?? []).map((l) => [accountKey(l.account), l.account])),
    periods: new Map((initial?.lines ?? []).map((l) => [periodKey(l), { label: l.period, from: l.from, to: l.to }])),
  }));
  const [lines, setLines] = useState<DraftLine[]>(() =>
    (initial?.lines ?? []).map((l) => ({ key: nextKey++, account: accountKey(l.account), period: periodKey(l), amount: String(l.amount) })),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const accountOptions = [...accounts.map((a) => ({ key: accountKey(a), label: `${a.code} ${a.name}`.trim(), value: { id: a.id, kind: a.kind, code: a.code, name: a.name } }))];
  for (const [k, a] of known.accounts) if (!accountOptions.some((o) => o.key === k)) accountOptions.push({ key: k, label: `${a.code} ${a.name}`.trim(), value: a });
  const periodOptions = periods.map((p) => ({ key: periodKey(p), ...p }));
  for (const [k, p] of known.periods) if (!periodOptions.some((o) => o.key === k)) periodOptions.push({ key: k, ...p });

  const total = lines.reduce((s, l) => s + (parseAmount(l.amount) ?? 0), 0);
  const update = (key: number, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  function submit() {
    const out: ChangeLine[] = [];
    for (const [i, l] of lines.entries()) {
      const account = accountOptions.find((o) => o.key === l.account)?.value;
      const period = periodOptions.find((o) => o.key === l.period);
      const amount = parseAmount(l.amount);
      if (!account) return setProblem(`Line ${i + 1}: pick the control account whose budget changes.`);
      if (!period) return setProblem(`Line ${i + 1}: pick the period the budget falls in.`);
      if (amount === null) return setProblem(`Line ${i + 1}: "${l.amount}" is not an amount. Enter a number such as 12500 or -3000.`);
      out.push({ account, from: period.from, to: period.to, period: period.label, amount });
    }
    setProblem(null);
    onSave({ title: title.trim(), type, description: description.trim(), lines: out });
  }

  const shown = problem ?? error;
  return (
    <form
      className="card change-form"
      aria-label={initial ? 'Edit change' : 'New change'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{initial ? 'Edit the change' : 'New change'}</h3>
      <div className="change-form__grid">
        <label className="field">
          <span className="field-label">Title</span>
          <input className="field-input" name="title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder="What changes, in a few words" />
        </label>
        <label className="field">
          <span className="field-label">Type</span>
          <select className="field-input" name="type" value={type} onChange={(e) => setType(e.target.value as ChangeType)} aria-describedby={`${id}-type-note`}>
            {CHANGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {CHANGE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <span className="field-hint" id={`${id}-type-note`}>
            {CHANGE_TYPE_NOTES[type]}
          </span>
        </label>
      </div>
      <label className="field">
        <span className="field-label">Description</span>
        <textarea className="field-input" name="description" rows={3} value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} placeholder="Why, what it covers, the reference of the instruction or estimate" />
      </label>
      <fieldset className="change-lines">
        <legend className="field-label">Effect on the budget</legend>
        <p className="field-hint">
          One line per control account and period, in {currency}; a negative amount removes budget.
          {earliestLineDay ? ` Periods start on or after the status date (${earliestLineDay}): performance already recorded is never changed.` : ''}
        </p>
        {lines.length === 0 ? <p className="muted">No lines yet.</p> : null}
        <ol className="change-lines__list">
          {lines.map((l, i) => (
            <li key={l.key} className="change-line" data-testid="change-line">
              <label className="field">
                <span className="field-label">Control account</span>
                <select className="field-input" aria-label={`Line ${i + 1} control account`} value={l.account} onChange={(e) => update(l.key, { account: e.target.value })}>
                  <option value="">Choose…</option>
                  {accountOptions.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field-label">Period</span>
                <select className="field-input" aria-label={`Line ${i + 1} period`} value={l.period} onChange={(e) => update(l.key, { period: e.target.value })}>
                  <option value="">Choose…</option>
                  {periodOptions.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field-label">Amount</span>
                <input className="field-input num" inputMode="decimal" aria-label={`Line ${i + 1} amount`} value={l.amount} onChange={(e) => update(l.key, { amount: e.target.value })} />
              </label>
              <button type="button" className="btn btn-ghost btn-sm change-line__remove" onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} aria-label={`Remove line ${i + 1}`}>
                Remove
              </button>
            </li>
          ))}
        </ol>
        <div className="change-lines__foot">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setLines((ls) => [...ls, { key: nextKey++, account: accountOptions.length === 1 ? accountOptions[0].key : '', period: '', amount: '' }])} disabled={accountOptions.length === 0}>
            Add a line
          </button>
          <span>
            Total <strong data-testid="change-form-total">{formatMoney(total, currency)}</strong>
          </span>
        </div>
        {accountOptions.length === 0 ? <p className="field-hint">The project has no breakdown to pick accounts from yet: import a status first.</p> : null}
      </fieldset>
      {shown ? (
        <p className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
      <div className="change-form__actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {initial ? 'Save the change' : 'Save as draft'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
