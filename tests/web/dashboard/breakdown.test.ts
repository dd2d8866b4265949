/**
 * The breakdown table (static markup) and its row model (treeRows.ts). Figures per WBS node are
 * the README's: Civils (W1) BAC 100,000, EV 34,000, AC 39,500, CV −5,500; Mechanical (W2) BAC 125,000,
 * EV 46,000, AC 50,000, CV −4,000 (the README's CA-100 / CA-200 are exactly these two WBS branches).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BreakdownTable, ROW_PAGE, allExpandable, expandedToLevel, toggled, visibleRows } from '../../../src/app/dashboard/components';
import { allRows } from '../../../src/app/dashboard/components/treeRows';
import { computeCostMeasures } from '../../../src/core/evm/measures';
import type { BreakdownNode } from '../../../src/core/evm/types';
import { riverside } from './fixture';
import { all, attr, hasClass, one, render, tag, text, visibleText, type El } from './html';

const { analysis } = riverside();
const root = analysis.breakdown!;

function table(expandedLevels?: number): El {
  return render(createElement(BreakdownTable, { root, currency: analysis.project.currency, basis: analysis.measureBasis, expandedLevels }));
}

/** The cell texts of a node's row, keyed by column id. */
function cells(el: El, nodeId: string): Record<string, string> {
  const row = one(el, (e) => e.tag === 'tr' && e.attrs['data-node'] === nodeId, `row ${nodeId}`);
  const out: Record<string, string> = {};
  for (const td of all(row, tag('td'))) if (td.attrs['data-col']) out[td.attrs['data-col']] = visibleText(td).replace(/!+$/, '').trim();
  return out;
}

describe('BreakdownTable', () => {
  const el = table();
  const bodyRows = () => all(one(el, tag('tbody')), tag('tr'));

  it('renders the top-level WBS nodes with their figures', () => {
    const civils = cells(el, 'W1');
    expect(civils).toMatchObject({ bac: '£100,000', ev: '£34,000', ac: '£39,500' });
    // CPI = 34,000 / 39,500 = 0.861 → critical (< 0.90), SPI = 34,000 / 49,000 = 0.69.
    expect(civils.cpi).toBe('0.86');
    expect(civils.spi).toBe('0.69');
    const mech = cells(el, 'W2');
    expect(mech).toMatchObject({ bac: '£125,000', ev: '£46,000', ac: '£50,000' });
    // CPI = 46,000 / 50,000 = 0.92 → warning (< 0.95, ≥ 0.90).
    expect(mech.cpi).toBe('0.92');
  });

  it('colours index cells by status for the node kind, with a non-colour mark', () => {
    const cpiCell = (id: string) => one(one(el, (e) => e.tag === 'tr' && e.attrs['data-node'] === id), attr('data-col', 'cpi'));
    expect(cpiCell('W1').attrs.class).toContain('cell--critical');
    expect(text(cpiCell('W1'))).toContain('(critical)');
    expect(cpiCell('W2').attrs.class).toContain('cell--warning');
    expect(visibleText(cpiCell('W2'))).toContain('!');
  });

  it('opens the top level at first: children visible, in the order given', () => {
    expect(bodyRows().map((r) => r.attrs['data-node'])).toEqual(['W1', 'W11', 'W12', 'W2', 'W21', 'W22']);
    const toggle = one(one(el, (e) => e.tag === 'tr' && e.attrs['data-node'] === 'W1'), hasClass('tree-toggle'));
    expect(toggle.tag).toBe('button');
    expect(toggle.attrs['aria-expanded']).toBe('true');
    // Leaves have no button.
    expect(all(one(el, (e) => e.tag === 'tr' && e.attrs['data-node'] === 'W11'), tag('button')).every((b) => !hasClass('tree-toggle')(b))).toBe(true);
  });

  it('hides the children of collapsed nodes', () => {
    const closed = table(0);
    const rows = all(one(closed, tag('tbody')), tag('tr'));
    expect(rows.map((r) => r.attrs['data-node'])).toEqual(['W1', 'W2']);
    expect(visibleText(closed)).not.toContain('Earthworks');
    const toggle = one(rows[0], hasClass('tree-toggle'));
    expect(toggle.attrs['aria-expanded']).toBe('false');
  });

  it('shows the project total in the footer (README: BAC 225,000, EV 80,000, AC 89,500)', () => {
    const foot = one(el, tag('tfoot'));
    expect(cells(foot, 'RPS')).toMatchObject({ bac: '£225,000', ev: '£80,000', ac: '£89,500' });
    expect(visibleText(foot)).toContain('Total');
  });

  it('offers expand all / collapse all', () => {
    const buttons = all(one(el, hasClass('breakdown__toolbar')), tag('button')).map(text);
    expect(buttons).toEqual(['Expand all', 'Collapse all']);
  });

  it('shows BAC, EV, AC, SPI, CPI, EAC and VAC by default (PV, SV, CV and the count through Columns), each header sortable', () => {
    const heads = all(one(el, tag('thead')), tag('th'));
    expect(heads.map((h) => h.attrs['data-col'] ?? '')).toEqual(['name', 'bac', 'ev', 'ac', 'spi', 'cpi', 'eac', 'vac']);
    expect(heads.every((h) => h.attrs['aria-sort'] === 'none')).toBe(true);
    expect(Object.keys(cells(el, 'W1'))).not.toContain('pv');
    expect(text(el)).toContain('Download CSV');
    expect(text(el)).toContain('Columns (8/12)');
  });

  it('puts every cell on the keyboard grid: one Tab stop, rows and columns numbered', () => {
    const w1 = one(el, (e) => e.tag === 'tr' && e.attrs['data-node'] === 'W1');
    const coords = all(w1, (e) => e.attrs['data-r'] !== undefined).map((e) => `${e.attrs['data-r']}:${e.attrs['data-c']}`);
    expect(coords).toEqual(['1:0', '1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7']);
    expect(one(el, tag('table')).attrs.role).toBe('treegrid');
  });
});

// A synthetic tree for the row model: `fan[0]` top-level nodes, each with `fan[1]` children, …
function synthetic(fan: number[]): { root: BreakdownNode; count: number } {
  const cost = computeCostMeasures({ pv: 1, ev: 1, ac: 1, bac: 1 });
  let count = 0;
  const make = (id: string, depth: number): BreakdownNode => {
    count++;
    const children = depth < fan.length ? Array.from({ length: fan[depth] }, (_, i) => make(`${id}.${i + 1}`, depth + 1)) : [];
    return { id, code: id, name: id, kind: 'wbs', activityCount: 1, cost, children };
  };
  const r = make('R', 0);
  return { root: { ...r, kind: 'project' }, count: count - 1 };
}

describe('visibleRows sorted', () => {
  it('sorts siblings within each parent, so children stay under their element', () => {
    const byCpiDesc = (list: BreakdownNode[]) => [...list].sort((a, b) => (b.cost.cpi.value ?? -1) - (a.cost.cpi.value ?? -1));
    const rows = visibleRows(root, expandedToLevel(root, 1), Infinity, byCpiDesc).rows;
    // Mechanical (CPI 0.92) before Civils (0.86); each one's children follow it.
    expect(rows.filter((r) => r.level === 1).map((r) => r.node.id)).toEqual(['W2', 'W1']);
    expect(rows.map((r) => r.node.id.slice(0, 2))).toEqual(['W2', 'W2', 'W2', 'W1', 'W1', 'W1']);
    expect(allRows(root, byCpiDesc).map((r) => r.node.id)).toEqual(rows.map((r) => r.node.id));
  });
});

describe('visibleRows', () => {
  it('walks the real tree depth first with levels and sibling positions', () => {
    const { rows, hidden } = visibleRows(root, expandedToLevel(root, 1));
    expect(hidden).toBe(0);
    expect(rows.map((r) => [r.node.id, r.level, r.posInSet, r.setSize, r.expanded])).toEqual([
      ['W1', 1, 1, 2, true],
      ['W11', 2, 1, 2, false],
      ['W12', 2, 2, 2, false],
      ['W2', 1, 2, 2, true],
      ['W21', 2, 1, 2, false],
      ['W22', 2, 2, 2, false],
    ]);
  });

  it('toggles one node', () => {
    const open = toggled(expandedToLevel(root, 1), 'W1');
    expect(visibleRows(root, open).rows.map((r) => r.node.id)).toEqual(['W1', 'W2', 'W21', 'W22']);
    expect(visibleRows(root, toggled(open, 'W1')).rows).toHaveLength(6);
  });

  it('visits only open branches of a 100,000-node tree, and caps the rows it returns', () => {
    const { root: big, count } = synthetic([10, 100, 100]);
    expect(count).toBe(10 + 1_000 + 100_000);
    // Top level open: the 10 top nodes and their 1,000 children.
    expect(visibleRows(big, expandedToLevel(big, 1)).rows).toHaveLength(1_010);
    // Everything open, but only a page of rows built; the rest counted.
    const all = allExpandable(big);
    expect(all.size).toBe(10 + 1_000);
    const page = visibleRows(big, all, ROW_PAGE);
    expect(page.rows).toHaveLength(ROW_PAGE);
    expect(page.hidden).toBe(count - ROW_PAGE);
  });

  it('handles a deep chain without recursion', () => {
    // Built bottom-up in a loop: 20,000 levels would overflow a recursive builder (or walker).
    const cost = computeCostMeasures({ pv: 1, ev: 1, ac: 1, bac: 1 });
    let node: BreakdownNode = { id: 'N20000', code: '', name: 'leaf', kind: 'wbs', activityCount: 1, cost, children: [] };
    for (let i = 19_999; i >= 1; i--) node = { id: `N${i}`, code: '', name: `n${i}`, kind: 'wbs', activityCount: 1, cost, children: [node] };
    const deep: BreakdownNode = { id: 'R', code: '', name: 'root', kind: 'project', activityCount: 1, cost, children: [node] };
    const { rows } = visibleRows(deep, allExpandable(deep));
    expect(rows).toHaveLength(20_000);
    expect(rows[rows.length - 1].level).toBe(20_000);
  });
});
