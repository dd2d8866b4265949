/**
 * The portfolio's sorting and filtering (ProjectsPage.tsx): pure, so the tests check the order and
 * the matches without a browser. A project whose figures have not arrived yet, or that has none,
 * sorts after every project that has them, in either direction: an empty cell is not a small value.
 */
import { toCsv } from '../../core/report/csv';
import type { PortfolioLight, PortfolioRow, ProjectSummaryRow } from '../../local/contracts';

export type PortfolioColumn = 'name' | 'statusDate' | 'bac' | 'eac' | 'spi' | 'cpi' | 'spit' | 'vac' | 'alert';
export type SortDirection = 'asc' | 'desc';
export interface PortfolioSort {
  column: PortfolioColumn;
  direction: SortDirection;
}

/** Which projects to show by their worst alert. */
export type AlertFilter = 'all' | 'critical' | 'warning-or-worse' | 'none';

export interface PortfolioFilter {
  /** Matches the name or the code, any case. */
  text: string;
  /** A space's key (ProjectGroup.key) or 'all'. */
  space: string;
  alert: AlertFilter;
}

export const NO_FILTER: PortfolioFilter = { text: '', space: 'all', alert: 'all' };

/** The direction a column sorts in on its first click: the worst first for the indices and alerts. */
export const FIRST_DIRECTION: Readonly<Record<PortfolioColumn, SortDirection>> = {
  name: 'asc',
  statusDate: 'desc',
  bac: 'desc',
  eac: 'desc',
  spi: 'asc',
  cpi: 'asc',
  spit: 'asc',
  vac: 'asc',
  alert: 'desc',
};

/** A project's worst alert as a rank: critical 2, warning 1, no alert 0; null when not known. */
export function alertRank(f: PortfolioRow | undefined): number | null {
  if (!f || f.reason !== null) return null;
  return f.worstAlert ? (f.worstAlert.severity === 'critical' ? 2 : 1) : 0;
}

/** The value a column sorts a project by; null sorts last. */
export function sortValue(p: ProjectSummaryRow, f: PortfolioRow | undefined, column: PortfolioColumn): string | number | null {
  switch (column) {
    case 'name':
      return p.name;
    case 'statusDate':
      return f?.statusDate ?? p.latestDataDate ?? null;
    case 'alert':
      return alertRank(f);
    default:
      return f ? f[column] : null;
  }
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base', numeric: true });
}

/** `rows` sorted by `sort` (a stable sort: ties keep the name order), empty cells last. */
export function sortProjects(rows: readonly ProjectSummaryRow[], figures: ReadonlyMap<string, PortfolioRow>, sort: PortfolioSort): ProjectSummaryRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = [...rows].sort((a, b) => compare(a.name, b.name));
  return byName.sort((a, b) => {
    const x = sortValue(a, figures.get(a.id), sort.column);
    const y = sortValue(b, figures.get(b.id), sort.column);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * compare(x, y);
  });
}

/** Whether a project passes the text and alert filters (the space filter picks whole groups). */
export function matchesFilter(p: ProjectSummaryRow, f: PortfolioRow | undefined, filter: PortfolioFilter): boolean {
  const text = filter.text.trim().toLowerCase();
  if (text && !p.name.toLowerCase().includes(text) && !(p.code ?? '').toLowerCase().includes(text)) return false;
  if (filter.alert === 'all') return true;
  const rank = alertRank(f);
  if (rank === null) return false;
  if (filter.alert === 'critical') return rank === 2;
  if (filter.alert === 'warning-or-worse') return rank >= 1;
  return rank === 0;
}

/** The words beside a traffic light (never the colour alone). */
export const LIGHT_WORDS: Readonly<Record<PortfolioLight, string>> = { good: 'Good', warning: 'Warning', critical: 'Critical', none: '' };

/** The columns by their heading, as the table and the phone's "Sort by" list name them. */
export const PORTFOLIO_COLUMNS: readonly { id: PortfolioColumn; label: string; numeric: boolean }[] = [
  { id: 'name', label: 'Project', numeric: false },
  { id: 'statusDate', label: 'Status date', numeric: false },
  { id: 'bac', label: 'BAC', numeric: true },
  { id: 'eac', label: 'EAC', numeric: true },
  { id: 'vac', label: 'VAC', numeric: true },
  { id: 'spi', label: 'SPI', numeric: true },
  { id: 'cpi', label: 'CPI', numeric: true },
  { id: 'spit', label: 'SPI(t)', numeric: true },
  { id: 'alert', label: 'Worst alert', numeric: false },
];

/** The sort after a click on a column's heading: the other direction on the same column, else its first. */
export function nextSort(current: PortfolioSort, column: PortfolioColumn): PortfolioSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: FIRST_DIRECTION[column] };
}

/**
 * The portfolio as CSV (the "Download CSV" button): the projects shown, in the order shown, with
 * unformatted figures (a cost engineer re-totals them) and each light as its word, so a filtered,
 * sorted view exports as seen. A project whose figures have not arrived has blank cells, not zeros.
 */
export function portfolioCsv(rows: readonly { project: ProjectSummaryRow; space: string }[], figures: ReadonlyMap<string, PortfolioRow>): string {
  const header = ['Project', 'Code', 'Space', 'Status date', 'Measured in', 'Currency', 'BAC', 'EAC', 'VAC', 'VAC light', 'SPI', 'SPI light', 'CPI', 'CPI light', 'SPI(t)', 'SPI(t) light', 'Worst alert', 'Alert message', 'Alerts', 'Critical alerts', 'Activities', 'Imports'];
  const body = rows.map(({ project: p, space }) => {
    const f = figures.get(p.id);
    const w = f?.worstAlert ?? null;
    const alert = !f || f.reason !== null ? null : w ? (w.severity === 'critical' ? 'Critical' : 'Warning') : 'No alerts';
    return [
      p.name,
      p.code ?? null,
      space,
      (f?.statusDate ?? p.latestDataDate ?? '').slice(0, 10) || null,
      f?.measureBasis ?? null,
      f?.currency ?? null,
      f?.bac,
      f?.eac,
      f?.vac,
      f ? LIGHT_WORDS[f.lights.vac] || null : null,
      f?.spi,
      f ? LIGHT_WORDS[f.lights.spi] || null : null,
      f?.cpi,
      f ? LIGHT_WORDS[f.lights.cpi] || null : null,
      f?.spit,
      f ? LIGHT_WORDS[f.lights.spit] || null : null,
      alert,
      f?.reason ?? w?.message ?? null,
      w?.count ?? (alert === 'No alerts' ? 0 : null),
      w?.critical ?? (alert === 'No alerts' ? 0 : null),
      p.activityCount,
      p.importCount,
    ];
  });
  return toCsv(header, body);
}
