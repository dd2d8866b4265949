/**
 * The overview's trace line (issue 14 follow-up): what the figures are measured against, in one
 * line under the status line. A cost engineer reading "BAC £4.2m" asks first "against which
 * baseline, with which changes?": this names the performance measurement baseline in use and the
 * approved changes applied (their numbers, what they added to BAC, and how many were approved
 * after the status date, so are not in these figures), each linking to the tab that holds them.
 */
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../../core/format';
import type { DashboardResult } from '../../../local/contracts';

/** The parts of the line, as words: pure, so the tests read them without rendering. */
export interface MeasuredAgainstParts {
  /** "PMB: Baseline in the latest import", or null for a period table (no baseline to name). */
  pmb: string | null;
  /** "2 approved changes (CR-001, CR-002), BAC +£12,000", or "No approved changes". */
  changes: string;
  /** "1 approved after the status date, not included", or null when none were. */
  later: string | null;
}

/** Numbers beyond this many are counted, not listed, so the line stays one line. */
const LISTED = 3;

function signedBudget(value: number, data: Pick<DashboardResult, 'analysis'>): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const magnitude = Math.abs(value);
  // Change lines are budgets in the schedule's measure: money when it carries costs, else its units.
  return data.analysis.measureBasis === 'cost' ? `${sign}${formatMoney(magnitude, data.analysis.project.currency)}` : `${sign}${formatNumber(magnitude)}`;
}

export function measuredAgainstParts(data: Pick<DashboardResult, 'analysis' | 'pmb' | 'changeControl'>): MeasuredAgainstParts {
  const applied = data.changeControl;
  const count = applied?.numbers.length ?? 0;
  let changes = 'No approved changes';
  if (applied && count > 0) {
    const listed = applied.numbers.slice(0, LISTED).join(', ') + (count > LISTED ? ` and ${count - LISTED} more` : '');
    changes = `${count} approved change${count === 1 ? '' : 's'} (${listed}), BAC ${signedBudget(applied.bacChange, data)}`;
  }
  const later = applied && applied.later > 0 ? `${applied.later} approved after the status date, not included` : null;
  return { pmb: data.pmb ? `PMB: ${data.pmb.name}` : null, changes, later };
}

export function MeasuredAgainst({ data, projectPath }: { data: Pick<DashboardResult, 'analysis' | 'pmb' | 'changeControl'>; projectPath: string }) {
  const parts = measuredAgainstParts(data);
  return (
    <p className="overview__measured" data-testid="measured-against">
      Measured against{' '}
      {parts.pmb ? (
        <Link to={`${projectPath}/baselines`} title="The baselines of this project; choose the PMB there">
          {parts.pmb}
        </Link>
      ) : (
        'the period table’s planned values'
      )}
      {' · '}
      <Link to={`${projectPath}/changes`} title="The change log of this project">
        {parts.changes}
      </Link>
      {parts.later ? <> · {parts.later}</> : null}
    </p>
  );
}
