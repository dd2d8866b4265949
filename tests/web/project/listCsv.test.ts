/** The CSVs of the alert inbox, the variance narratives and the budget reconciliation (src/app/project/listCsv.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertsCsv, reconciliationCsv, reconciliationStepsCsv, variancesCsv } from '../../../src/app/project/listCsv';
import { reconcile, type ChangeCore } from '../../../src/core/changes';
import { analyseSchedule } from '../../../src/core/evm';
import { evaluateAlerts } from '../../../src/core/insight/alerts';
import { parseSchedule } from '../../../src/core/model';
import type { AlertAck, VarianceRow } from '../../../src/local/contracts';

/** Records of a CSV (no quoted line breaks in these fixtures), each split on commas outside quotes. */
function records(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}

describe('alertsCsv', () => {
  const schedule = parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));
  const analysis = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account' });
  const alerts = evaluateAlerts(analysis);

  it('has a row per alert, in order, with the unrounded value and threshold, and the acknowledgement', () => {
    expect(alerts.length).toBeGreaterThan(0);
    const first = alerts[0];
    const ack: AlertAck = { ruleId: first.ruleId, nodeId: first.nodeId, nodeKind: first.nodeKind, period: '2025-02-05', by: 'Ana Planner', at: '2025-02-06T10:00:00.000Z', note: 'Recovery plan, "fast-track" pour' };
    const rows = records(alertsCsv(alerts, (a) => (a === first ? ack : undefined), '2025-02-05'));
    const h = rows[0];
    expect(rows).toHaveLength(alerts.length + 1);
    alerts.forEach((a, i) => {
      const r = rows[i + 1];
      expect(r[h.indexOf('Severity')]).toBe(a.severity === 'critical' ? 'Critical' : 'Warning');
      expect(r[h.indexOf('Element')]).toBe(a.nodeName);
      expect(Number(r[h.indexOf('Value')])).toBe(a.value);
      expect(Number(r[h.indexOf('Threshold')])).toBe(a.threshold);
      expect(r[h.indexOf('Status date')]).toBe('2025-02-05');
    });
    expect(rows[1][h.indexOf('Acknowledged by')]).toBe('Ana Planner');
    expect(rows[1][h.indexOf('Note')]).toBe('Recovery plan, "fast-track" pour');
    if (rows.length > 2) expect(rows[2][h.indexOf('Acknowledged by')]).toBe('');
  });
});

describe('variancesCsv', () => {
  const row = (over: Partial<VarianceRow>): VarianceRow => ({ nodeId: 'CA-100', code: 'CA-100', name: 'Civils', nodeKind: 'control-account', severity: 'critical', breaches: [], var: null, draft: null, ...over });
  it('writes each account with its breaches and its narrative, or "not started"', () => {
    const rows = records(
      variancesCsv(
        [
          row({ breaches: [{ metric: 'cpi', label: 'CPI', severity: 'critical', value: 0.81, threshold: 0.85, text: 'CPI 0.81 below 0.85' }] }),
          row({
            nodeId: 'CA-200',
            code: 'CA-200',
            name: 'Mechanical',
            severity: null,
            var: { id: 'v', status: 'approved', cause: '=cmd|calc', impact: 'Two weeks', correctiveAction: 'Second crew', owner: 'J. Smith', dueDate: '2025-03-01', createdAt: 'x', updatedAt: '2025-02-10T09:00:00.000Z', conflicts: [], seen: {} as never },
          }),
        ],
        '2025-02-05',
      ),
    );
    const h = rows[0];
    expect(rows[1][h.indexOf('Breaches')]).toBe('CPI 0.81 below 0.85');
    expect(rows[1][h.indexOf('Narrative status')]).toBe('not started');
    expect(rows[2][h.indexOf('Severity')]).toBe('No longer breaching');
    expect(rows[2][h.indexOf('Narrative status')]).toBe('approved');
    // A narrative that looks like a formula is written as text, never run by a spreadsheet.
    expect(rows[2][h.indexOf('Cause')]).toBe("'=cmd|calc");
    expect(rows[2][h.indexOf('Due date')]).toBe('2025-03-01');
  });
});

describe('reconciliationCsv', () => {
  const CA = { id: 'CA-200', kind: 'control-account' as const, code: 'CA-200', name: 'Mechanical' };
  const change = (over: Partial<ChangeCore>): ChangeCore => ({ number: 'CR-001', title: 'Extra pump', type: 'scope', status: 'approved', lines: [], approvedStatusDate: '2025-02-05T17:00', decidedAt: '2025-02-06T09:00:00.000Z', ...over });
  const r = reconcile(225000, { managementReserve: 20000, undistributedBudget: 15000 }, [
    change({ lines: [{ account: CA, from: '2025-04-01', to: '2025-04-30', period: '2025-04', amount: 30000 }] }),
    change({ number: 'CR-002', title: 'Pump delay, MR draw', type: 'mr-draw', decidedAt: '2025-02-07T09:00:00Z', lines: [{ account: CA, from: '2025-04-01', to: '2025-04-30', period: '2025-04', amount: 8000 }] }),
  ]);

  it('writes before, moved and now for each budget line, and the lines reconcile: CBB = PMB + MR', () => {
    const rows = records(reconciliationCsv(r, 'GBP'));
    expect(rows[0]).toEqual(['Budget', 'Before changes (GBP)', 'Approved changes (GBP)', 'Now (GBP)']);
    const now = Object.fromEntries(rows.slice(1).map((x) => [x[0].match(/\(([A-Z]{2,3})\)$/)?.[1] ?? 'distributed', Number(x[3])]));
    expect(now.CBB).toBe(now.PMB + now.MR);
    expect(now.PMB).toBe(r.current.distributed + now.UB);
    for (const x of rows.slice(1)) expect(Number(x[1]) + Number(x[2])).toBe(Number(x[3]));
  });

  it("writes each approved change's moves in the order approved", () => {
    const rows = records(reconciliationStepsCsv(r, 'GBP'));
    expect(rows.slice(1).map((x) => x[0])).toEqual(['CR-001', 'CR-002']);
    const h = rows[0];
    expect(Number(rows[1][h.indexOf('CBB (GBP)')])).toBe(30000);
    expect(Number(rows[2][h.indexOf('MR (GBP)')])).toBe(-8000);
    expect(rows[2][h.indexOf('Title')]).toBe('Pump delay, MR draw');
  });
});
