/** The change log's columns on the table kit: what each sorts by and writes to the CSV. */
import { describe, expect, it } from 'vitest';
import { changeLogColumns } from '../../../src/app/project/changes/changeLogColumns';
import type { ChangeView } from '../../../src/local/contracts';
import { sortRows, tableCsv } from '../../../src/ui/table';

const person = (name: string) => ({ id: `u-${name}`, name });

function change(over: Partial<ChangeView> & Pick<ChangeView, 'id' | 'number'>): ChangeView {
  return {
    title: '',
    type: 'scope',
    description: '',
    lines: [],
    duplicateNumber: false,
    status: 'draft',
    requester: null,
    requestedAt: null,
    approver: null,
    decidedAt: null,
    decisionNote: '',
    approvedStatusDate: null,
    createdAt: '2025-02-01T09:00:00.000Z',
    createdBy: person('Ann'),
    updatedAt: '2025-02-01T09:00:00.000Z',
    total: 0,
    conflicts: [],
    seen: {} as ChangeView['seen'],
    ...over,
  };
}

const rows = [
  change({ id: 'a', number: 'CR-010', title: 'Standby pump', status: 'approved', total: 30000.25, requester: person('Bob'), requestedAt: '2025-03-02T10:00:00.000Z', approver: person('Cleo'), decidedAt: '2025-03-04T16:30:00.000Z' }),
  change({ id: 'b', number: 'CR-002', title: '=cmd|calc', type: 'mr-draw', total: -1200 }),
  change({ id: 'c', number: 'CR-9', title: 'Re-plan, phase 2', status: 'pending', total: 500, requester: person('Dee'), requestedAt: '2025-02-20T08:00:00.000Z' }),
];
const cols = changeLogColumns('GBP', (c) => c.number);
const col = (id: string) => cols.find((c) => c.id === id)!;

describe('change log columns', () => {
  it('sorts change numbers naturally and budgets as numbers', () => {
    expect(sortRows(rows, col('number'), 'asc').map((c) => c.number)).toEqual(['CR-002', 'CR-9', 'CR-010']);
    expect(sortRows(rows, col('total'), 'desc').map((c) => c.total)).toEqual([30000.25, 500, -1200]);
  });

  it('puts changes never decided last, whichever way the decision date sorts', () => {
    expect(sortRows(rows, col('decidedAt'), 'asc').map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, col('requestedAt'), 'desc').map((c) => c.id)).toEqual(['a', 'c', 'b']);
  });

  it('writes the CSV with ISO dates, names in their own columns, unformatted budgets and formulas neutralised', () => {
    const csv = tableCsv(cols, rows).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Change,Title,Type,Status,Budget,Requested,Requester,Decided,Decided by');
    expect(csv[1]).toBe('CR-010,Standby pump,Scope change,Approved,30000.25,2025-03-02,Bob,2025-03-04,Cleo');
    expect(csv[2].startsWith("CR-002,'=cmd|calc,")).toBe(true);
    expect(csv[2]).toContain(',-1200,,,,');
    expect(csv[3]).toContain('"Re-plan, phase 2"');
  });
});
