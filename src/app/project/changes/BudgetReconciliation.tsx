import { useEffect, useState } from 'react';
import { formatMoney, formatSigned } from '../../../core/format';
import type { ReserveBaseView, Reconciliation } from '../../../local/contracts';
import { parseAmount } from './ChangeForm';
import { csvFileName } from '../../../core/report/csv';
import { DownloadCsvButton } from '../../../ui/table';
import { reconciliationCsv, reconciliationStepsCsv } from '../listCsv';

interface Props {
  /** The project's name, for the CSVs' file names. */
  projectName: string;
  reconciliation: Reconciliation | null;
  note?: string;
  reserves: ReserveBaseView;
  currency: string;
  canEdit: boolean;
  onSaveReserves(r: { managementReserve: number; undistributedBudget: number }): Promise<string | null>;
}

const ROWS = [
  { key: 'distributed', label: 'Distributed budget (BAC of the control accounts)' },
  { key: 'ub', label: '+ Undistributed budget (UB)' },
  { key: 'pmb', label: '= Performance measurement baseline (PMB)' },
  { key: 'mr', label: '+ Management reserve (MR)' },
  { key: 'cbb', label: '= Contract budget base (CBB)' },
] as const;

/** CBB = PMB + MR, PMB = distributed + UB: at the start, what the approved changes moved, and now; and the starting reserves. */
export function BudgetReconciliation({ projectName, reconciliation: r, note, reserves, currency, canEdit, onSaveReserves }: Props) {
  const money = (v: number) => formatMoney(v, currency);
  const [mr, setMr] = useState(String(reserves.managementReserve));
  const [ub, setUb] = useState(String(reserves.undistributedBudget));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setMr(String(reserves.managementReserve));
    setUb(String(reserves.undistributedBudget));
  }, [reserves.managementReserve, reserves.undistributedBudget]);

  async function save() {
    const m = parseAmount(mr);
    const u = parseAmount(ub);
    if (m === null || m < 0) return setError(`"${mr}" is not a management reserve: enter an amount of zero or more.`);
    if (u === null || u < 0) return setError(`"${ub}" is not an undistributed budget: enter an amount of zero or more.`);
    setBusy(true);
    setError(await onSaveReserves({ managementReserve: m, undistributedBudget: u }));
    setBusy(false);
  }

  return (
    <section className="card changes-reconciliation" aria-labelledby="changes-cbb">
      <h2 id="changes-cbb">Budget reconciliation</h2>
      {r ? (
        <>
          <div className="changes-scroll">
            <table className="data-table" data-testid="reconciliation">
              <thead>
                <tr>
                  <th scope="col">Budget</th>
                  <th scope="col" className="num">
                    Before changes
                  </th>
                  <th scope="col" className="num">
                    Approved changes
                  </th>
                  <th scope="col" className="num">
                    Now
                  </th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map((row) => (
                  <tr key={row.key} data-budget={row.key} className={row.key === 'pmb' || row.key === 'cbb' ? 'changes-total-row' : undefined}>
                    <th scope="row">{row.label}</th>
                    <td className="num">{money(r.start[row.key])}</td>
                    <td className="num">{formatSigned(r.current[row.key] - r.start[row.key], 'money', { currency })}</td>
                    <td className="num" data-value={r.current[row.key]}>
                      {money(r.current[row.key])}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="changes-csv">
            <DownloadCsvButton name="budget reconciliation" label="CSV of the reconciliation" fileName={csvFileName(projectName, 'Budget reconciliation')} csv={() => reconciliationCsv(r, currency)} />
            {r.steps.length > 0 ? <DownloadCsvButton name="budget moves of each approved change" label="CSV of the moves by change" fileName={csvFileName(projectName, 'Budget moves by change')} csv={() => reconciliationStepsCsv(r, currency)} /> : null}
          </div>
          <p className="muted">
            Check: PMB {money(r.current.pmb)} = distributed {money(r.current.distributed)} + UB {money(r.current.ub)}; CBB {money(r.current.cbb)} = PMB + MR {money(r.current.mr)}. Only scope changes move the
            CBB; management reserve draws and UB distributions move budget into control accounts.
          </p>
          {r.problems.map((p) => (
            <p key={p} className="field-error" role="alert">
              {p}
            </p>
          ))}
          {r.steps.length > 0 ? (
            <div className="changes-scroll">
              <table className="data-table">
                <caption className="changes-caption">What each approved change moved, in the order approved</caption>
                <thead>
                  <tr>
                    <th scope="col">Change</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="num">
                      Distributed
                    </th>
                    <th scope="col" className="num">
                      UB
                    </th>
                    <th scope="col" className="num">
                      MR
                    </th>
                    <th scope="col" className="num">
                      CBB
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.steps.map((s) => (
                    <tr key={s.number}>
                      <th scope="row" className="changes-code">
                        {s.number}
                      </th>
                      <td>{s.typeLabel}</td>
                      <td className="num">{formatSigned(s.distributed, 'money', { currency })}</td>
                      <td className="num">{formatSigned(s.ub, 'money', { currency })}</td>
                      <td className="num">{formatSigned(s.mr, 'money', { currency })}</td>
                      <td className="num">{formatSigned(s.cbb, 'money', { currency })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : (
        <p className="muted">{note ?? 'The budget cannot be reconciled yet.'}</p>
      )}
      {canEdit ? (
        <form
          className="changes-reserves"
          aria-label="Starting reserves"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="field">
            <span className="field-label">Management reserve at the start ({currency})</span>
            <input className="field-input num" inputMode="decimal" name="managementReserve" value={mr} onChange={(e) => setMr(e.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">Undistributed budget at the start ({currency})</span>
            <input className="field-input num" inputMode="decimal" name="undistributedBudget" value={ub} onChange={(e) => setUb(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-outline" disabled={busy}>
            Save the reserves
          </button>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          {!reserves.set ? <p className="field-hint">Not entered yet: enter the reserve and undistributed budget the contract holds, so the CBB reconciles.</p> : null}
        </form>
      ) : null}
    </section>
  );
}
