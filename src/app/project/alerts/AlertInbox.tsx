/**
 * Every alert at the status date (issue 14), most serious first: filtered by severity and by
 * control account (or element), acknowledged with who and when (synced with the team), hidden once
 * acknowledged if the user likes, and commented on in the project's comment thread of the alert.
 * An acknowledgement belongs to this status period: the next status raises the alert again.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { dataApi } from '../../../client/data';
import { formatDataDate } from '../../../core/format';
import type { Alert } from '../../../core/insight/alerts';
import type { Severity } from '../../../core/insight/rules';
import { ACK_NOTE_MAX_CHARS, ackRuleId, type AlertAck, type AlertKey } from '../../../local/contracts';
import { CommentButton, alertTarget } from '../../dashboard/components/AlertsList';
import type { CommentHooks } from '../../dashboard/components/types';
import { when } from '../../dashboard/collab/CommentsPanel';
import { csvFileName } from '../../../core/report/csv';
import { DownloadCsvButton } from '../../../ui/table';
import { alertsCsv } from '../listCsv';

const SEVERITY_LABELS: Readonly<Record<Severity, string>> = { critical: 'Critical', warning: 'Warning' };

export interface AlertInboxProps {
  projectId: string;
  /** The project's name, for the CSV's file name. */
  projectName: string;
  alerts: readonly Alert[];
  /** The status date of the analysis (YYYY-MM-DD…), null when it has none: nothing can be acknowledged then. */
  dataDate: string | null;
  /** The breakdown on screen is by control account. */
  byAccount: boolean;
  comments: CommentHooks;
  refresh: number;
  readOnly: boolean;
  onShowAccounts?: () => void;
}

const ackKeyOf = (a: Pick<AlertKey, 'ruleId' | 'nodeKind' | 'nodeId'>): string => `${ackRuleId(a.ruleId)}|${a.nodeKind}|${a.nodeId}`;

export function AlertInbox({ projectId, projectName, alerts, dataDate, byAccount, comments, refresh, readOnly, onShowAccounts }: AlertInboxProps) {
  const id = useId();
  const period = dataDate ? dataDate.slice(0, 10) : null;
  const [severity, setSeverity] = useState<'all' | Severity>('all');
  const [node, setNode] = useState('all');
  const [hideAcked, setHideAcked] = useState(false);
  const [acks, setAcks] = useState<AlertAck[]>([]);
  const [reads, setReads] = useState(0);
  const [noting, setNoting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!period) return;
    let live = true;
    dataApi()
      .listAcknowledgements(projectId, period)
      .then(
        (list) => live && setAcks(list),
        (e: Error) => live && setError(e.message),
      );
    return () => {
      live = false;
    };
  }, [projectId, period, refresh, reads]);

  const ackOf = useMemo(() => new Map(acks.map((a) => [ackKeyOf(a), a])), [acks]);
  // The elements the alerts are on, in the order the list first names them.
  const nodes = useMemo(() => {
    const seen = new Map<string, { key: string; label: string }>();
    for (const a of alerts) {
      const key = `${a.nodeKind}|${a.nodeId}`;
      if (!seen.has(key)) seen.set(key, { key, label: a.nodeKind === 'project' ? `The project (${a.nodeName})` : a.nodeName });
    }
    return [...seen.values()];
  }, [alerts]);
  const shown = alerts.filter(
    (a) => (severity === 'all' || a.severity === severity) && (node === 'all' || `${a.nodeKind}|${a.nodeId}` === node) && !(hideAcked && ackOf.has(ackKeyOf(a))),
  );
  const critical = alerts.filter((a) => a.severity === 'critical').length;
  const acked = alerts.filter((a) => ackOf.has(ackKeyOf(a))).length;

  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      setNoting(null);
      setNote('');
      setReads((n) => n + 1);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const keyOf = (a: Alert): AlertKey => ({ ruleId: a.ruleId, nodeId: a.nodeId, nodeKind: a.nodeKind, period: period as string });

  return (
    <div className="alert-inbox">
      <p className="alerts__count">
        {alerts.length === 0 ? 'No alerts' : `${alerts.length} ${alerts.length === 1 ? 'alert' : 'alerts'}`}
        {critical ? `, ${critical} critical` : ''}
        {acked ? `, ${acked} acknowledged` : ''}
        {period ? ` at the status date ${formatDataDate(period)}` : ''}.
      </p>
      {alerts.length > 0 ? (
        <div className="alert-inbox__filters" role="group" aria-label="Filter the alerts">
          <label className="field" htmlFor={`${id}-sev`}>
            <span>Severity</span>
            <select id={`${id}-sev`} className="input" value={severity} onChange={(e) => setSeverity(e.target.value as typeof severity)}>
              <option value="all">All</option>
              <option value="critical">Critical (red)</option>
              <option value="warning">Warning (amber)</option>
            </select>
          </label>
          <label className="field" htmlFor={`${id}-node`}>
            <span>{byAccount ? 'Control account' : 'Element'}</span>
            <select id={`${id}-node`} className="input" value={node} onChange={(e) => setNode(e.target.value)}>
              <option value="all">All</option>
              {nodes.map((n) => (
                <option key={n.key} value={n.key}>
                  {n.label}
                </option>
              ))}
            </select>
          </label>
          <label className="alert-inbox__hide">
            <input type="checkbox" checked={hideAcked} onChange={(e) => setHideAcked(e.target.checked)} /> Hide acknowledged
          </label>
          {shown.length > 0 ? <DownloadCsvButton name="alerts shown" fileName={csvFileName(projectName, 'Alerts', period)} csv={() => alertsCsv(shown, (a) => ackOf.get(ackKeyOf(a)), period)} /> : null}
        </div>
      ) : null}
      {!byAccount && onShowAccounts ? (
        <p className="muted alert-inbox__note">
          The alerts are on WBS elements.{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onShowAccounts}>
            List them by control account
          </button>
        </p>
      ) : null}
      {!period && alerts.length > 0 ? <p className="muted">This analysis has no status date, so its alerts cannot be acknowledged: an acknowledgement belongs to a status period.</p> : null}
      {error ? (
        <p role="alert" className="thresholds__error">
          {error}
        </p>
      ) : null}
      {alerts.length > 0 && shown.length === 0 ? <p className="muted">No alert matches these filters.</p> : null}
      <ul className="alerts__list">
        {shown.map((a) => {
          const k = ackKeyOf(a);
          const ack = ackOf.get(k);
          const about = `the ${a.nodeKind === 'project' ? 'project' : a.nodeName} ${a.severity} alert`;
          return (
            <li key={`${a.ruleId}:${a.nodeKind}:${a.nodeId}`} className={`alert alert--${a.severity}${ack ? ' alert--acknowledged' : ''}`} data-rule={a.ruleId} data-node={a.nodeId} data-severity={a.severity}>
              <span className={`status-badge status-badge--${a.severity}`}>{SEVERITY_LABELS[a.severity]}</span>
              <span className="alert__node">{a.nodeKind === 'project' ? `Project · ${a.nodeName}` : a.nodeName}</span>
              <span className="alert__message">{a.message}</span>
              {ack ? (
                <p className="alert__ack">
                  Acknowledged by {ack.by}, {when(ack.at)}
                  {ack.note ? `: “${ack.note}”` : '.'}
                </p>
              ) : null}
              {noting === k ? (
                <form
                  className="alert__ack-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act(() => dataApi().acknowledgeAlert(projectId, keyOf(a), note));
                  }}
                >
                  <label htmlFor={`${id}-note`}>Note (optional): why it is accepted, or what is being done</label>
                  <textarea id={`${id}-note`} className="input" rows={2} maxLength={ACK_NOTE_MAX_CHARS} value={note} onChange={(e) => setNote(e.target.value)} />
                  <div className="alert__actions">
                    <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                      Acknowledge
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNoting(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <div className="alert__actions">
                  {!readOnly && period ? (
                    ack ? (
                      <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void act(() => dataApi().unacknowledgeAlert(projectId, keyOf(a)))}>
                        Reopen<span className="sr-only"> {about}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={busy}
                        onClick={() => {
                          setNoting(k);
                          setNote('');
                        }}
                      >
                        Acknowledge<span className="sr-only"> {about}</span>
                      </button>
                    )
                  ) : null}
                  <CommentButton hooks={comments} target={alertTarget(a)} about={about} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
