/**
 * A project's portfolio line from its dashboard (contracts.ts PortfolioRow): the headline figures
 * and their traffic lights. The lights come from `statusOf`, the evaluation behind the cards and the
 * alert list, with the rules the dashboard was judged by, so the list, the cards and the alerts
 * never disagree. Pure.
 */
import type { StatusColour } from '../../core/insight/alerts';
import { DEFAULT_RULES, type MetricId } from '../../core/insight/rules';
import { statusOf } from '../../core/insight/status';
import type { DashboardResult, PortfolioLight, PortfolioRow } from '../contracts';

const lightOf = (c: StatusColour): PortfolioLight => (c === 'neutral' ? 'none' : c);

/** The row of a project whose dashboard was computed. */
export function portfolioRowOf(projectId: string, d: DashboardResult): PortfolioRow {
  const a = d.analysis;
  const rules = d.rules ?? DEFAULT_RULES;
  const light = (m: MetricId) => lightOf(statusOf(m, a, { rules }));
  const worst = d.alerts[0];
  return {
    projectId,
    statusDate: a.dataDate,
    currency: a.project.currency,
    measureBasis: a.measureBasis,
    bac: a.cost.bac.value,
    eac: a.cost.eacSelected.value,
    vac: a.cost.vac.value,
    spi: a.cost.spi.value,
    cpi: a.cost.cpi.value,
    spit: a.schedule.spit.value,
    lights: { spi: light('spi'), cpi: light('cpi'), spit: light('spit'), vac: light('vacPct') },
    worstAlert: worst
      ? { severity: worst.severity, message: worst.message, nodeKind: worst.nodeKind, nodeName: worst.nodeName, count: d.alerts.length, critical: d.alerts.filter((x) => x.severity === 'critical').length }
      : null,
    reason: null,
  };
}

/** The row of a project with no figures, saying why (no import yet, or the analysis's own message). */
export function emptyPortfolioRow(projectId: string, reason: string, currency: string): PortfolioRow {
  return {
    projectId,
    statusDate: null,
    currency,
    measureBasis: null,
    bac: null,
    eac: null,
    vac: null,
    spi: null,
    cpi: null,
    spit: null,
    lights: { spi: 'none', cpi: 'none', spit: 'none', vac: 'none' },
    worstAlert: null,
    reason,
  };
}
