/**
 * Threshold alerts, most serious first (as evaluateAlerts sorts them): severity, node, message.
 * A long list shows its first `limit` alerts and a button for the rest.
 */
import { useState } from 'react';
import type { BreakdownKind } from '../../../core/evm/types';
import type { Alert } from '../../../core/insight/alerts';
import type { Severity } from '../../../core/insight/rules';
import { commentTargetKey, type CommentTarget } from '../../../local/contracts';
import type { CommentHooks } from './types';

// Not "the default thresholds": a project's own thresholds (Alerts tab) may judge it.
export const EMPTY_ALERTS_TEXT = 'No figure breaches a threshold: no alerts.';

/** Alerts shown before "Show all" (default). */
export const ALERTS_SHOWN = 8;

const SEVERITY_LABELS: Readonly<Record<Severity, string>> = { critical: 'Critical', warning: 'Warning' };

const KIND_LABELS: Readonly<Record<BreakdownKind, string>> = {
  project: 'Project',
  wbs: 'WBS',
  'control-account': 'Control account',
  code: 'Activity code',
};

export interface AlertsListProps {
  alerts: readonly Alert[];
  /** How many to show before "Show all" (default 8; Infinity for all). */
  limit?: number;
  /** A comment button on each alert, opening its thread. */
  comments?: CommentHooks;
}

/** The comment thread of an alert: its metric on its node (a warning turning critical keeps it). */
export function alertTarget(a: Alert): CommentTarget {
  return { kind: 'alert', metric: a.metric, nodeId: a.nodeId, nodeKind: a.nodeKind, name: a.nodeName };
}

export function AlertsList({ alerts, limit = ALERTS_SHOWN, comments }: AlertsListProps) {
  const [showAll, setShowAll] = useState(false);
  if (alerts.length === 0) return <p className="alerts__empty">{EMPTY_ALERTS_TEXT}</p>;
  const critical = alerts.filter((a) => a.severity === 'critical').length;
  const shown = showAll ? alerts : alerts.slice(0, Math.max(1, limit));
  return (
    <div className="alerts">
      <p className="alerts__count">
        {alerts.length} {alerts.length === 1 ? 'alert' : 'alerts'}
        {critical ? `, ${critical} critical` : ''}
      </p>
      <ul className="alerts__list">
        {shown.map((a) => (
          <li key={`${a.ruleId}:${a.nodeKind}:${a.nodeId}`} className={`alert alert--${a.severity}`} data-rule={a.ruleId} data-node={a.nodeId}>
            <span className={`status-badge status-badge--${a.severity}`}>{SEVERITY_LABELS[a.severity]}</span>
            <span className="alert__node">
              <span className="alert__kind">{KIND_LABELS[a.nodeKind]}</span> {a.nodeName}
            </span>
            <span className="alert__message">{a.message}</span>
            {comments ? <CommentButton hooks={comments} target={alertTarget(a)} about={`the ${a.nodeKind === 'project' ? 'project' : a.nodeName} alert`} /> : null}
          </li>
        ))}
      </ul>
      {shown.length < alerts.length ? (
        <button type="button" className="btn btn-outline btn-sm alerts__more" onClick={() => setShowAll(true)}>
          Show all {alerts.length} alerts
        </button>
      ) : null}
    </div>
  );
}

/** "Comment" or the thread's open (unresolved) comments (`compact`: only the icon while empty, for table rows): opens the thread of `target`. */
export function CommentButton({ hooks, target, about, compact = false }: { hooks: CommentHooks; target: CommentTarget; about: string; compact?: boolean }) {
  const n = hooks.count(commentTargetKey(target));
  return (
    <button type="button" className={`comment-button${n ? ' comment-button--has' : ''}`} onClick={() => hooks.open(target)} aria-label={n ? `${n} open ${n === 1 ? 'comment' : 'comments'} on ${about}` : `Comment on ${about}`}>
      <span aria-hidden="true" className="comment-button__icon">
        <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z" strokeLinejoin="round" />
        </svg>
      </span>
      {n || !compact ? <span aria-hidden="true">{n ? n : 'Comment'}</span> : null}
    </button>
  );
}
