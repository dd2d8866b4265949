/**
 * The mapping review rendered to static markup from real proposals (parseScheduleFile on small
 * CSVs): when the mapper cannot tell a period table from an activity list it asks, offering both
 * readings, and nothing can be confirmed until the user chooses; a clear table is not asked about.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MappingReview } from '../../../src/app/import/MappingReview';
import { parseScheduleFile, type TableChoice } from '../../../src/core/import';
import { all, attr, hasClass, one, render, tag, text, type El } from '../dashboard/html';

function review(csv: string, choice: TableChoice = {}): El {
  const outcome = parseScheduleFile(new TextEncoder().encode(csv), { fileName: 'plan.csv', table: choice });
  if (outcome.kind !== 'needs-mapping') throw new Error(`expected needs-mapping, got ${outcome.kind}`);
  const noop = () => undefined;
  return render(createElement(MappingReview, { fileName: 'plan.csv', outcome, remembered: false, choice, onChange: noop, onConfirm: noop, onCancel: noop }));
}

const kindRadios = (page: El) => all(page, (e) => e.tag === 'input' && e.attrs.name === 'table-kind');
const confirmButton = (page: El) => one(page, (e) => e.tag === 'button' && hasClass('btn-primary')(e), 'confirm button');

describe('MappingReview: period table or activity list', () => {
  const ambiguous = 'No,Planned,Earned,Actuals\n1,100,80,90\n2,250,200,230\n3,450,380,420\n';

  it('asks when unsure: both readings with their reasons, no reading pre-chosen, nothing to confirm yet', () => {
    const page = review(ambiguous);
    const notice = one(page, hasClass('notice'), 'question');
    expect(text(notice)).toContain('The columns do not say whether this is a period table or an activity list');
    const items = all(notice, tag('li')).map(text);
    expect(items).toHaveLength(2);
    expect(items.find((t) => t.startsWith('As a period table:'))).toMatch(/column 'No' steps through 3 periods/);
    expect(items.find((t) => t.startsWith('As an activity list:'))).toMatch(/column 'No' identifies activities/);
    expect(kindRadios(page).map((r) => 'checked' in r.attrs)).toEqual([false, false]);
    expect('disabled' in confirmButton(page).attrs).toBe(true);
    expect(text(page)).toContain('Choose how to read the table first.');
  });

  it('once chosen, shows that reading and lets it be confirmed', () => {
    const page = review(ambiguous, { kind: 'periods', cumulative: true });
    expect(all(page, hasClass('notice')).filter((n) => text(n).includes('do not say'))).toHaveLength(0);
    const [periods, activities] = kindRadios(page);
    expect('checked' in periods.attrs).toBe(true);
    expect('checked' in activities.attrs).toBe(false);
    expect(text(confirmButton(page))).toBe('Analyse this table');
    expect('disabled' in confirmButton(page).attrs).toBe(false);
  });

  it('a clear period table is not asked about, and its kind can still be changed', () => {
    const page = review('Period,PV,EV,AC\n1,100,80,90\n2,250,200,230\n');
    expect(text(page)).toContain('This looks like a period table (one row per period)');
    expect(kindRadios(page).map((r) => 'checked' in r.attrs)).toEqual([true, false]);
    expect(all(page, attr('name', 'values-are'))).toHaveLength(2);
  });

  it('a wide table is reviewed turned round, and says so', () => {
    const page = review('Measure,Jan-25,Feb-25\nPV,100,250\nEV,80,\nAC,90,\n');
    expect(text(page)).toMatch(/periods run across line 1 \(2 of them\) and lines 2–4 are PV, EV, AC by period: a wide period table, turned round/);
    expect(all(page, tag('th')).map((th) => text(all(th, tag('div'))[0]))).toEqual(['Period', 'PV', 'EV', 'AC']);
  });
});
