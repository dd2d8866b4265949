/**
 * Change control in the core (issue 14): approved changes revise the PMB (BAC and time-phased PV
 * from the change's period on), never EV or AC; no line may fall before the status date; the
 * transitions; and the contract budget base reconciliation CBB = PMB + MR, PMB = distributed + UB.
 * On the Riverside fixture (status 5 Feb 2025, BAC 225,000, control accounts CA-100 and CA-200).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  approveProblems,
  budgetRevisions,
  earliestLineDay,
  editProblem,
  reconcile,
  submitProblems,
  transitionProblem,
  type ChangeCore,
  type ChangeLine,
} from '../../../src/core/changes';
import { analyseSchedule, revisionPlannedBy, reviseCurve } from '../../../src/core/evm';
import { toMinutes } from '../../../src/core/model/dates';
import { parseSchedule } from '../../../src/core/model';

const schedule = parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));

const CA200 = { id: 'CA-200', kind: 'control-account' as const, code: 'CA-200', name: 'Mechanical' };
const CA100 = { id: 'CA-100', kind: 'control-account' as const, code: 'CA-100', name: 'Civils' };
const line = (account: ChangeLine['account'], from: string, to: string, amount: number, period = from.slice(0, 7)): ChangeLine => ({ account, from, to, period, amount });
const change = (over: Partial<ChangeCore>): ChangeCore => ({ number: 'CR-001', title: 'Extra pump', type: 'scope', status: 'approved', lines: [], approvedStatusDate: '2025-02-05T17:00', decidedAt: '2025-02-06T09:00:00.000Z', ...over });

describe('budget revisions of the PMB in the analysis', () => {
  const base = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account' });
  const scope = change({ lines: [line(CA200, '2025-04-01', '2025-04-30', 30000)] });
  const revised = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account', budgetRevisions: budgetRevisions([scope]) });

  it('adds the approved budget to BAC, and to PV only from its period on', () => {
    expect(revised.cost.bac.value).toBe(base.cost.bac.value! + 30000);
    // The grid grows to cover April; the periods before it keep their PV.
    const pv = (a: typeof base, label: string) => a.series.find((p) => p.period.label === label)?.period.pv;
    for (const label of ['2025-01', '2025-02', '2025-03']) expect(pv(revised, label)).toBe(pv(base, label));
    expect(pv(revised, '2025-04')).toBe(225000 + 30000);
    // The PV at the status date is unchanged (the change starts after it), and so are EV and AC.
    expect(revised.cost.pv.value).toBe(base.cost.pv.value);
    expect(revised.cost.ev.value).toBe(base.cost.ev.value);
    expect(revised.cost.ac.value).toBe(base.cost.ac.value);
    // The measures that use BAC follow: VAC, % complete, TCPI.
    expect(revised.cost.pctComplete.value).toBeCloseTo(80000 / 255000, 12);
    expect(revised.cost.tcpiBac.value).toBeCloseTo((255000 - 80000) / (255000 - 89500), 12);
    expect(revised.cost.eac.planRate.value).toBe(89500 + 255000 - 80000);
  });

  it('revises the control account it names and the project row, and leaves the others', () => {
    const node = (a: typeof base, id: string) => a.breakdown!.children.find((n) => n.id === id)!;
    expect(node(revised, 'CA-200').cost.bac.value).toBe(node(base, 'CA-200').cost.bac.value! + 30000);
    expect(node(revised, 'CA-100')).toEqual(node(base, 'CA-100'));
    expect(revised.breakdown!.cost.bac.value).toBe(revised.cost.bac.value);
    expect(node(revised, 'CA-200').cost.ev.value).toBe(node(base, 'CA-200').cost.ev.value);
  });

  it('says when the breakdown shown does not hold the account, and still counts it in the project', () => {
    const byWbs = analyseSchedule(schedule, { periods: 'month', breakdown: 'wbs', budgetRevisions: budgetRevisions([scope]) });
    expect(byWbs.breakdown!.cost.bac.value).toBe(255000);
    expect(byWbs.warnings.join(' ')).toMatch(/CA-200 are in the project's totals but not on a row of this breakdown/);
  });

  it('on a WBS breakdown, revises the element named and each of its ancestors', () => {
    const pumps = { id: 'W21', kind: 'wbs' as const, code: '2.1', name: 'Pumps' };
    const base = analyseSchedule(schedule, { periods: 'month', breakdown: 'wbs' });
    const a = analyseSchedule(schedule, { periods: 'month', breakdown: 'wbs', budgetRevisions: budgetRevisions([change({ lines: [line(pumps, '2025-04-01', '2025-04-30', 1000)] })]) });
    const find = (root: typeof a.breakdown, id: string) => root!.children.flatMap((n) => [n, ...n.children]).find((n) => n.id === id)!;
    expect(find(a.breakdown, 'W21').cost.bac.value).toBe(find(base.breakdown, 'W21').cost.bac.value! + 1000);
    expect(find(a.breakdown, 'W2').cost.bac.value).toBe(find(base.breakdown, 'W2').cost.bac.value! + 1000);
    expect(find(a.breakdown, 'W1')).toEqual(find(base.breakdown, 'W1'));
    expect(a.breakdown!.cost.bac.value).toBe(226000);
    expect(a.warnings.join(' ')).not.toMatch(/not on a row/);
  });

  it('spreads a line over its period: a status date inside it plans the elapsed share', () => {
    const revs = budgetRevisions([change({ lines: [line(CA200, '2025-04-01', '2025-04-30', 30000)] })]);
    expect(revisionPlannedBy(revs, toMinutes('2025-04-16T00:00'))).toBeCloseTo(15000, 9);
    expect(revisionPlannedBy(revs, toMinutes('2025-04-01T00:00'))).toBe(0);
    expect(revisionPlannedBy(revs, toMinutes('2025-05-01T00:00'))).toBe(30000);
    expect(Array.from(reviseCurve([1, 2], [toMinutes('2025-04-01T00:00'), toMinutes('2025-05-01T00:00')], revs))).toEqual([1, 30002]);
  });

  it('leaves out changes not approved, and changes approved after the status date analysed', () => {
    const later = change({ number: 'CR-002', approvedStatusDate: '2025-03-05', lines: [line(CA100, '2025-04-01', '2025-04-30', 5000)] });
    const draft = change({ number: 'CR-003', status: 'pending', lines: [line(CA100, '2025-04-01', '2025-04-30', 7000)] });
    expect(budgetRevisions([scope, later, draft]).map((r) => r.amount).sort()).toEqual([30000, 5000]);
    expect(budgetRevisions([scope, later, draft], '2025-02-05T17:00').map((r) => r.amount)).toEqual([30000]);
  });

  it('a re-plan moves PV between periods and accounts without changing BAC', () => {
    const replan = change({ type: 'replan', lines: [line(CA200, '2025-03-01', '2025-03-31', -5000), line(CA100, '2025-04-01', '2025-04-30', 5000)] });
    const a = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account', budgetRevisions: budgetRevisions([replan]) });
    expect(a.cost.bac.value).toBe(225000);
    expect(a.series.find((p) => p.period.label === '2025-03')!.period.pv).toBe(220000);
    expect(a.cost.ev.value).toBe(base.cost.ev.value);
  });

  it('ignores money changes on a schedule measured in hours, and says so', () => {
    const a = analyseSchedule(schedule, { periods: 'month', basis: 'duration', budgetRevisions: budgetRevisions([scope]) });
    const b = analyseSchedule(schedule, { periods: 'month', basis: 'duration' });
    expect(a.cost.bac.value).toBe(b.cost.bac.value);
    expect(a.warnings.join(' ')).toMatch(/not cost, so the approved budget changes/);
  });
});

describe('no retroactive budget', () => {
  it('refuses to approve a line before the status date, with what to do', () => {
    const c = change({ status: 'pending', lines: [line(CA200, '2025-02-01', '2025-02-28', 1000, 'Feb 2025')] });
    const problems = approveProblems(c, { statusDate: '2025-02-05T17:00', mrAvailable: 0, ubAvailable: 0 });
    expect(problems).toEqual([
      'Line 1 of CR-001 (CA-200, Feb 2025) puts budget before the status date 2025-02-05. Performance already recorded is never changed retroactively (ANSI/EIA-748): move the budget to a period from 2025-02-06 on.',
    ]);
    expect(approveProblems({ ...c, lines: [line(CA200, '2025-02-06', '2025-02-28', 1000)] }, { statusDate: '2025-02-05T17:00', mrAvailable: 0, ubAvailable: 0 })).toEqual([]);
  });

  it('a status date at midnight allows budget from that day', () => {
    expect(earliestLineDay('2025-02-05T00:00')).toBe('2025-02-05');
    expect(earliestLineDay('2025-02-05')).toBe('2025-02-05');
    expect(earliestLineDay('2025-02-28T17:00')).toBe('2025-03-01');
  });

  it('cannot approve without a status date', () => {
    expect(approveProblems(change({ status: 'pending', lines: [line(CA200, '2025-04-01', '2025-04-30', 1)] }), { statusDate: null, mrAvailable: 0, ubAvailable: 0 })[0]).toMatch(/before the project has a status date/);
  });
});

describe('transitions and what each type requires', () => {
  it('allows draft → pending → approved/rejected/draft and rejected → draft only', () => {
    const at = (status: ChangeCore['status']) => ({ number: 'CR-004', status });
    expect(transitionProblem(at('draft'), 'pending')).toBeNull();
    expect(transitionProblem(at('pending'), 'approved')).toBeNull();
    expect(transitionProblem(at('pending'), 'rejected')).toBeNull();
    expect(transitionProblem(at('pending'), 'draft')).toBeNull();
    expect(transitionProblem(at('rejected'), 'draft')).toBeNull();
    expect(transitionProblem(at('draft'), 'approved')).toBe('CR-004 is draft: you cannot approve it from there. A draft change can submit.');
    expect(transitionProblem(at('approved'), 'draft')).toMatch(/approved, so it is part of the PMB and can no longer change/);
    expect(transitionProblem(at('rejected'), 'approved')).toMatch(/rejected: you cannot approve it/);
    expect(editProblem(at('pending'))).toMatch(/return it to draft before changing it/);
    expect(editProblem(at('draft'))).toBeNull();
  });

  it('a re-plan must net to zero; draws must be positive and within what is left', () => {
    const replan = change({ type: 'replan', status: 'draft', lines: [line(CA200, '2025-04-01', '2025-04-30', 100)] });
    expect(submitProblems(replan).join(' ')).toMatch(/must add up to zero; they add up to 100/);
    const draw = change({ type: 'mr-draw', status: 'pending', lines: [line(CA200, '2025-04-01', '2025-04-30', 6000)] });
    expect(approveProblems(draw, { statusDate: '2025-02-05', mrAvailable: 5000, ubAvailable: 0 }).join(' ')).toMatch(/draws 6,000 from management reserve, but only 5,000 is left/);
    expect(approveProblems(draw, { statusDate: '2025-02-05', mrAvailable: 6000, ubAvailable: 0 })).toEqual([]);
    const ub = change({ type: 'ub-distribution', status: 'pending', lines: [line(CA200, '2025-04-01', '2025-04-30', -1)] });
    expect(submitProblems(ub).join(' ')).toMatch(/must add up to more than zero/);
    expect(submitProblems(change({ title: ' ', lines: [] }))).toHaveLength(2);
  });
});

describe('contract budget base reconciliation', () => {
  const base = { managementReserve: 20000, undistributedBudget: 15000 };
  const changes: ChangeCore[] = [
    change({ number: 'CR-001', type: 'scope', decidedAt: '2025-02-06T09:00:00Z', lines: [line(CA200, '2025-04-01', '2025-04-30', 30000)] }),
    change({ number: 'CR-002', type: 'mr-draw', decidedAt: '2025-02-07T09:00:00Z', lines: [line(CA100, '2025-04-01', '2025-04-30', 8000)] }),
    change({ number: 'CR-003', type: 'ub-distribution', decidedAt: '2025-02-08T09:00:00Z', lines: [line(CA100, '2025-04-01', '2025-04-30', 10000)] }),
    change({ number: 'CR-004', type: 'replan', decidedAt: '2025-02-09T09:00:00Z', lines: [line(CA100, '2025-04-01', '2025-04-30', -2000), line(CA200, '2025-04-01', '2025-04-30', 2000)] }),
    change({ number: 'CR-005', type: 'scope', status: 'rejected', lines: [line(CA200, '2025-04-01', '2025-04-30', 99999)] }),
  ];
  const r = reconcile(225000, base, changes);

  it('CBB = PMB + MR and PMB = distributed + UB at the start and after every change', () => {
    for (const p of [r.start, ...r.steps.map((s) => s.after), r.current]) {
      expect(p.cbb).toBeCloseTo(p.pmb + p.mr, 9);
      expect(p.pmb).toBeCloseTo(p.distributed + p.ub, 9);
    }
    expect(r.steps.map((s) => s.number)).toEqual(['CR-001', 'CR-002', 'CR-003', 'CR-004']);
  });

  it('moves the budget where each type says: only scope moves the CBB', () => {
    expect(r.start).toEqual({ distributed: 225000, ub: 15000, mr: 20000, pmb: 240000, cbb: 260000 });
    expect(r.current).toEqual({ distributed: 225000 + 30000 + 8000 + 10000, ub: 5000, mr: 12000, pmb: 273000 + 5000, cbb: 290000 });
    expect(r.current.cbb - r.start.cbb).toBe(30000);
    expect(r.problems).toEqual([]);
  });

  it('the distributed budget after the changes is the revised analysis BAC', () => {
    const a = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account', budgetRevisions: budgetRevisions(changes) });
    expect(a.cost.bac.value).toBe(r.current.distributed);
  });

  it('reports an overdrawn reserve', () => {
    const over = reconcile(225000, { managementReserve: 1000, undistributedBudget: 0 }, [changes[1]]);
    expect(over.problems[0]).toMatch(/Management reserve is overdrawn by 7,000/);
  });
});
