/** The portfolio's sort and filters (src/app/projects/portfolioView.ts). */
import { describe, expect, it } from 'vitest';
import { matchesFilter, nextSort, NO_FILTER, portfolioCsv, sortProjects } from '../../../src/app/projects/portfolioView';
import type { PortfolioRow, ProjectSummaryRow } from '../../../src/local/contracts';
import { emptyPortfolioRow } from '../../../src/local/portfolio/rows';

const project = (id: string, name: string, code?: string): ProjectSummaryRow => ({
  id,
  name,
  ...(code ? { code } : {}),
  currency: 'GBP',
  importCount: 1,
  activityCount: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const figures = (id: string, spi: number | null, alert: 'warning' | 'critical' | null, statusDate = '2026-10-31T00:00'): PortfolioRow => ({
  ...emptyPortfolioRow(id, '', 'GBP'),
  reason: null,
  measureBasis: 'cost',
  statusDate,
  spi,
  bac: spi === null ? null : spi * 1000,
  worstAlert: alert ? { severity: alert, message: `${id} ${alert}`, nodeKind: 'project', nodeName: id, count: 1, critical: alert === 'critical' ? 1 : 0 } : null,
});

const P = [project('a', 'Viaduct', 'VIA-1'), project('b', 'bridge deck'), project('c', 'Culvert'), project('d', 'Depot')];
const F = new Map<string, PortfolioRow>([
  ['a', figures('a', 0.82, 'critical')],
  ['b', figures('b', 1.04, null, '2026-09-30T00:00')],
  ['c', figures('c', 0.93, 'warning', '2026-11-30T00:00')],
  // d: still being analysed (absent)
]);
const ids = (rows: ProjectSummaryRow[]) => rows.map((r) => r.id);

describe('sorting the portfolio', () => {
  it('sorts by name without regard to case, and by a figure either way with the unknown last', () => {
    expect(ids(sortProjects(P, F, { column: 'name', direction: 'asc' }))).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(sortProjects(P, F, { column: 'spi', direction: 'asc' }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(sortProjects(P, F, { column: 'spi', direction: 'desc' }))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(sortProjects(P, F, { column: 'alert', direction: 'desc' }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(sortProjects(P, F, { column: 'statusDate', direction: 'desc' }))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('a project whose analysis failed sorts last, like one not read yet', () => {
    const failed = new Map(F).set('d', emptyPortfolioRow('d', 'The analysis failed: no activities', 'GBP'));
    expect(ids(sortProjects(P, failed, { column: 'bac', direction: 'desc' })).at(-1)).toBe('d');
    expect(ids(sortProjects(P, failed, { column: 'alert', direction: 'asc' })).at(-1)).toBe('d');
  });

  it('a second click on a heading reverses it; another heading starts worst first', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'cpi')).toEqual({ column: 'cpi', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'alert')).toEqual({ column: 'alert', direction: 'desc' });
  });
});

describe('filtering the portfolio', () => {
  const kept = (filter: Partial<typeof NO_FILTER>) => ids(P.filter((p) => matchesFilter(p, F.get(p.id), { ...NO_FILTER, ...filter })));
  it('finds by name or code, any case', () => {
    expect(kept({ text: 'BRIDGE' })).toEqual(['b']);
    expect(kept({ text: 'via-1' })).toEqual(['a']);
    expect(kept({ text: '  ' })).toEqual(['a', 'b', 'c', 'd']);
  });
  it('by worst alert, leaving out projects whose figures are not known', () => {
    expect(kept({ alert: 'critical' })).toEqual(['a']);
    expect(kept({ alert: 'warning-or-worse' })).toEqual(['a', 'c']);
    expect(kept({ alert: 'none' })).toEqual(['b']);
    expect(kept({ alert: 'critical', text: 'culvert' })).toEqual([]);
  });
});

describe('portfolioCsv', () => {
  it('writes the projects in the order given, figures unformatted, lights as words, and blanks where figures have not arrived', () => {
    const rows = sortProjects(P, F, { column: 'spi', direction: 'asc' }).map((project) => ({ project, space: 'Personal' }));
    const csv = portfolioCsv(rows, F);
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 7)).toEqual(['Project', 'Code', 'Space', 'Status date', 'Measured in', 'Currency', 'BAC']);
    expect(lines).toHaveLength(rows.length + 1);
    const cells = lines.slice(1).map((l) => l.split(','));
    // Same order as the rows given: the sort the user sees.
    expect(cells.map((c) => c[0])).toEqual(rows.map((r) => r.project.name));
    const header = lines[0].split(',');
    const col = (name: string) => header.indexOf(name);
    const viaduct = cells.find((c) => c[0] === 'Viaduct')!;
    expect(viaduct[col('Code')]).toBe('VIA-1');
    expect(Number(viaduct[col('SPI')])).toBe(0.82);
    expect(Number(viaduct[col('BAC')])).toBeCloseTo(820, 9);
    expect(viaduct[col('Worst alert')]).toBe('Critical');
    expect(viaduct[col('Critical alerts')]).toBe('1');
    const pending = rows.filter((x) => !F.has(x.project.id));
    expect(pending.map((x) => x.project.id)).toEqual(['d']);
    for (const r of pending) {
      const c = cells.find((x) => x[0] === r.project.name)!;
      expect(c[col('SPI')]).toBe('');
      expect(c[col('Worst alert')]).toBe('');
    }
  });
});
