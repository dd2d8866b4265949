import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  driverNodes,
  evaluateAlerts,
  joinList,
  periodUnitOf,
  writeCommentary,
  type Commentary,
  type CommentaryOptions,
  type CommentaryTopic,
} from '../../../src/core/insight';
import type { Analysis } from '../../../src/core/evm/types';
import { NO_ACTUALS_REASON, SCENARIOS as BASE_SCENARIOS, buildAnalysis, earlyOverrun, finished, lateBehind, midOnTrack, notStarted, sCurve, scale, scheduleOnly, underAhead } from './fixtures';

/** The commentary as every caller gets it (dashboardOf): on the alerts of the same rules. */
const commentaryOf = (a: Analysis, opts: CommentaryOptions = {}): Commentary => writeCommentary(a, evaluateAlerts(a, opts.rules, { currency: opts.currency }), opts);

const text = (c: Commentary, topic: CommentaryTopic): string => c.paragraphs.find((p) => p.topic === topic)?.text ?? '';
const all = (c: Commentary): string => c.paragraphs.map((p) => p.text).join('\n');

const SCENARIOS: Record<string, () => Analysis> = { ...BASE_SCENARIOS, underAheadEur: () => underAhead('EUR') };

describe('every scenario', () => {
  it.each(Object.keys(SCENARIOS))('%s: well-formed paragraphs in order, no raw numbers or placeholders', (name) => {
    const a = SCENARIOS[name]();
    const c = commentaryOf(a);
    const topics = c.paragraphs.map((p) => p.topic);
    const expected: CommentaryTopic[] = a.breakdown && topics.includes('drivers') ? ['status', 'trend', 'forecast', 'drivers', 'next'] : ['status', 'trend', 'forecast', 'next'];
    expect(topics).toEqual(expected);
    for (const p of c.paragraphs) {
      expect(p.text.length).toBeGreaterThan(20);
      expect(p.text).toMatch(/^[A-Z]/);
      expect(p.text).toMatch(/[.!]$/);
      expect(p.text).not.toMatch(/NaN|Infinity|undefined|null|n\/a|\{\w+\}|\d\.\d{5,}/);
    }
  });

  it.each(Object.keys(SCENARIOS))('%s: deterministic (same input, identical output)', (name) => {
    const one = commentaryOf(SCENARIOS[name]());
    const two = commentaryOf(SCENARIOS[name]());
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
});

describe('early-stage overrun', () => {
  const c = commentaryOf(earlyOverrun());

  it('status: % complete vs % scheduled vs % spent, CPI in words and money, SV and SV(t)', () => {
    const s = text(c, 'status');
    // The fixture's data date is 2025-03-01T00:00; a data date reads as its day, as P6 shows it (formatDataDate).
    expect(s).toContain('As at 1 Mar 2025, Riverside Depot is 6.9% complete against 7.4% scheduled, and has spent 8.3% of its £2,400,000 budget.');
    expect(s).toContain('It has spent more than it has earned.');
    expect(s).toContain('Cost performance is poor: CPI 0.83 means every £1 spent has earned £0.83 of work, £33,000 over budget so far');
    expect(s).toContain('SPI(t) 0.95');
    expect(s).toContain('0.1 months behind');
    expect(s).toContain('SV -£12,778');
  });

  it('trend: indices still volatile before 20% complete, but act on an early overrun', () => {
    const t = text(c, 'trend');
    expect(t).toContain('cumulative CPI has moved from 0.90 to 0.83');
    expect(t).toContain('At 6.9% complete the indices are still volatile');
    expect(t).toContain('Christensen & Heise 1993');
    expect(t).toContain('worth acting on now');
  });

  it('forecast: CPI floor and SCI ceiling with the range', () => {
    const f = text(c, 'forecast');
    expect(f).toContain('The CPI-based EAC of £2,880,000 is best read as a floor');
    expect(f).toContain('the SCI-based EAC of £3,087,701');
    expect(f).toContain('ceiling');
    expect(f).toContain('between £2,880,000 and £3,087,701, an overrun of £480,000 to £687,701');
    expect(f).toContain('TCPI to BAC');
    expect(f).toContain('1.01');
    expect(f).toContain('well above anything achieved yet');
  });

  it('drivers: names the top control account with its share', () => {
    const d = text(c, 'drivers');
    expect(d).toMatch(/^The cost overrun comes mainly from Civil works \(CV -£24,000, 73% of the overspend across control accounts; CPI 0\.76\)/);
    expect(d).toContain('Mechanical (CV -£7,000, 21%; CPI 0.88)');
    expect(d).toContain('The schedule slippage is concentrated in Civil works');
    expect(d).toContain('partly offset by Design (+£2,222)');
  });

  it('next: tied to the alerts, naming the worst accounts', () => {
    const n = text(c, 'next');
    // SPI, SV% and CV% are watched too (thresholds.ts): 14 alerts where CPI, SPI(t), VAC% and the TCPI gap alone raised 6.
    expect(n).toMatch(/^There are 14 alerts \(11 critical\)\./);
    expect(n).toContain('starting with Civil works (CPI 0.76) and Mechanical (CPI 0.88)');
    expect(n).toContain('forecast overrun of £480,000 (20.0% of the budget)');
  });

  it('maxDrivers limits the named drivers', () => {
    const d = text(commentaryOf(earlyOverrun(), { maxDrivers: 1 }), 'drivers');
    expect(d).toContain('Civil works');
    expect(d).not.toContain('Mechanical');
  });

  it('compact money on request', () => {
    const f = text(commentaryOf(earlyOverrun(), { compactMoney: true }), 'forecast');
    expect(f).toContain('between £2.9m and £3.1m');
  });
});

describe('mid-project on track', () => {
  const c = commentaryOf(midOnTrack());

  it('status is positive and precise', () => {
    const s = text(c, 'status');
    expect(s).toContain('49.5% complete against 50.0% scheduled');
    expect(s).toContain('Cost performance is slightly better than plan: CPI 1.01');
    expect(s).toContain('The project is close to schedule: SPI(t) 0.99');
    expect(s).toContain('within 0.1 months of plan (SV(t) -0.04 months)');
    expect(all(c)).not.toMatch(/poor|overrun/);
  });

  it('trend: past 20%, CPI is stable', () => {
    expect(text(c, 'trend')).toContain('Past 20% complete, cumulative CPI is usually stable to within about 10%');
  });

  it('forecast: an underrun range and the finish date', () => {
    const f = text(c, 'forecast');
    expect(f).toContain('an underrun of £6,062 to £12,121');
    expect(f).toContain('12.1 months against 12 months planned');
    expect(f).toContain('against a planned 31 Dec 2025');
  });

  it('drivers: small variances, the largest named', () => {
    expect(text(c, 'drivers')).toBe('Variances are small across the control accounts (within 2% at project level); the largest is in Deck (CV +£3,000, SV -£3,000).');
  });

  it('next: nothing breached, what to watch', () => {
    expect(text(c, 'next')).toBe(
      'No alert thresholds are breached. Keep watching SPI(t) (0.99; below 0.95 raises a warning) over the next months, and check the EAC against a bottom-up estimate of the remaining work.',
    );
  });
});

describe('late project behind schedule: SPI near 1, SPI(t) low', () => {
  const a = lateBehind();
  const c = commentaryOf(a);

  it('reads the schedule from SPI(t), in weeks', () => {
    expect(a.cost.spi.value).toBeCloseTo(0.96, 10);
    expect(a.schedule.spit.value).toBeLessThan(0.75);
    const s = text(c, 'status');
    expect(s).toContain('The project is well behind schedule: SPI(t) 0.71');
    expect(s).toContain('3.8 weeks behind');
    expect(s).toContain('96.0% complete against 100.0% scheduled');
  });

  it('forecast: prefers SPI(t) to SPI and says SPI drifts to 1.00', () => {
    const f = text(c, 'forecast');
    expect(f).toContain('Use SPI(t) rather than SPI at this stage: SPI 0.96 looks healthier than SPI(t) 0.71');
    expect(f).toContain('drifts back to 1.00');
    expect(f).toContain('14.1 weeks against 10 weeks planned (IEAC(t)), 4.1 weeks late');
    expect(f).toContain('The planned finish has passed (13 weeks elapsed against 10 weeks planned)');
    expect(f).toContain('The budget is already spent');
    expect(f).toContain('Christensen & Rees 2002');
  });

  it('trend: too little work left to move CPI', () => {
    expect(text(c, 'trend')).toContain('With 96.0% of the work done there is too little left to move cumulative CPI much');
  });

  it('next: the schedule comes first', () => {
    const n = text(c, 'next');
    expect(n).toContain('There are 6 alerts (1 critical).');
    expect(n).toContain('First, walk the critical path with the planners: find the late activities behind SPI(t) 0.71');
    expect(n).toContain('Next, review Signal heads with its control account manager (CPI 0.93)');
  });

  it('period unit comes from the dates', () => {
    expect(periodUnitOf(a)).toBe('week');
    expect(periodUnitOf(midOnTrack())).toBe('month');
    expect(periodUnitOf(buildAnalysis({ pv: [1, 2], ev: [1], ac: [1] }))).toBe('period');
  });
});

describe('finished project', () => {
  const c = commentaryOf(finished());

  it('status: complete, final cost and lateness; SPI back at 1.00', () => {
    const s = text(c, 'status');
    expect(s).toContain('Office Fit-out is complete: all £500,000 of planned work has been earned.');
    expect(s).toContain('It cost £526,000, £26,000 (5.2%) over budget, a final CPI of 0.95.');
    expect(s).toContain('It took 12 months against 10 months planned, finishing 2 months late (SPI(t) 0.83).');
    expect(s).toContain('SPI reads 1.00 only because');
  });

  it('no forecasts beyond the final figures, no drivers without a breakdown', () => {
    expect(text(c, 'forecast')).toBe('The final cost is £526,000 against a budget of £500,000: an overrun of £26,000 at completion.');
    expect(c.paragraphs.map((p) => p.topic)).not.toContain('drivers');
  });

  it('next: close out with the lessons, not a recovery plan', () => {
    const n = text(c, 'next');
    expect(n).toContain('Close out');
    expect(n).toContain('£26,000 (5.2%) over budget and 2 months late');
    expect(n).not.toContain('critical path');
  });
});

describe('not started', () => {
  it('work planned but nothing earned or spent', () => {
    const c = commentaryOf(notStarted(true));
    expect(text(c, 'status')).toContain('Substation Extension has not started earning: no work has been performed and no actual cost has been recorded, although £34,375 (4.3%) of the £800,000 budget was planned by now.');
    expect(text(c, 'status')).toContain('already 1 month behind schedule');
    expect(text(c, 'trend')).toBe('There is no performance history yet, so there is no trend to read.');
    expect(text(c, 'forecast')).toContain('the budget of £800,000 over 8 months is the only estimate');
    expect(text(c, 'next')).toContain('First, confirm whether the work has started: £34,375 of work was planned by now');
  });

  it('nothing due yet', () => {
    const c = commentaryOf(notStarted(false));
    expect(text(c, 'status')).toContain('has not started: nothing was planned, earned or spent by the status date');
    expect(text(c, 'next')).toBe('Record progress and actual cost from the first status date so that performance can be measured.');
    expect(all(c)).not.toMatch(/behind|alert/);
  });
});

describe('under budget and ahead of schedule', () => {
  const c = commentaryOf(underAhead());

  it('good news is reported as good news', () => {
    const s = text(c, 'status');
    expect(s).toContain('Cost performance is better than plan: CPI 1.08 means every £1 spent has earned £1.08 of work, £179,666 under budget so far');
    expect(s).toContain('well ahead of schedule: SPI(t) 1.05');
    expect(s).toContain('It has earned more than it has spent.');
    expect(all(c)).not.toMatch(/poor|over budget|overspend|behind schedule/);
  });

  it('forecast: the SCI EAC is lower when ahead, so no floor/ceiling claim', () => {
    const f = text(c, 'forecast');
    expect(f).toContain('the usual floor-and-ceiling reading does not apply');
    expect(f).toContain('an underrun of £269,158 to £341,609');
    expect(f).toContain('0.6 months early');
  });

  it('drivers and next: where the underrun comes from, and check it is real', () => {
    expect(text(c, 'drivers')).toMatch(/^The cost underrun comes mainly from Filtration \(CV \+£120,000, 75% of the underspend/);
    expect(text(c, 'drivers')).toContain('partly offset by Site works (-£7,000)');
    expect(text(c, 'next')).toContain('First, confirm the forecast underrun of £180,000 on Filtration: check that no costs are missing');
  });
});

describe('currency', () => {
  it('a EUR project is written in euros throughout', () => {
    const c = commentaryOf(underAhead('EUR'));
    const t = all(c);
    expect(t).not.toContain('£');
    expect(text(c, 'status')).toContain('every €1 spent has earned €1.08 of work, €179,666 under budget so far');
    expect(text(c, 'status')).toContain('of its €3,600,000 budget');
    expect(text(c, 'forecast')).toContain('€3,330,842');
    expect(text(c, 'drivers')).toContain('Filtration (CV +€120,000');
  });

  it('the currency option overrides the project currency', () => {
    expect(all(commentaryOf(underAhead('GBP'), { currency: 'USD' }))).toContain('US$3,600,000');
  });
});

describe('null figures and odd inputs', () => {
  const pv = sCurve(1_000_000, 10);

  it('no actual cost recorded yet', () => {
    const a = buildAnalysis({ name: 'No Cost Yet', months: '2025-01', pv, ev: [20_000, 60_000, 120_000], ac: [0, 0, 0] });
    const c = commentaryOf(a);
    expect(text(c, 'status')).toContain('no actual cost has been recorded yet, so CPI, the cost variance and the cost forecasts cannot be worked out');
    expect(text(c, 'trend')).toContain('Without actual cost there is no cost trend');
    expect(text(c, 'forecast')).toContain('No actual cost has been recorded yet, so there is no cost forecast');
    expect(text(c, 'next')).toMatch(/^Load the actual costs/);
    expect(all(c)).not.toContain('underrun');
  });

  it('cost spent but nothing earned', () => {
    const c = commentaryOf(SCENARIOS.spentNothingEarned());
    expect(text(c, 'status')).toContain('£12,000 has been spent but no work has been earned yet');
    expect(text(c, 'status')).toContain('check that progress has been claimed');
  });

  it('a bottom-up EAC that assumes an unproven recovery is called out', () => {
    const a = buildAnalysis({
      name: 'Optimistic EAC',
      months: '2025-01',
      pv,
      ev: scale(pv.slice(0, 5), [0.95, 0.93, 0.92, 0.92, 0.92]),
      ac: scale(pv.slice(0, 5), [1.03, 1.04, 1.05, 1.06, 1.07]),
      eacMethod: 'bottomUp',
      bottomUpEtc: 520_000,
    });
    const c = commentaryOf(a);
    const f = text(c, 'forecast');
    expect(f).toContain('The reported EAC (AC + bottom-up ETC) is £1,055,000');
    expect(f).toContain('That EAC needs a CPI of 1.04 on the remaining work (TCPI) against 0.86 achieved so far, a gap of 0.18: it assumes an unproven recovery');
    expect(f).toContain('The forecast overrun (£55,000) is smaller than the overrun already incurred (£75,000)');
    expect(f).toContain('above 1.10, recovery to the target is very unlikely (Lipke 2016)');
    expect(text(c, 'next')).toContain('First, revisit the EAC with its owner: it needs a TCPI of 1.04 against the 0.86 achieved');
  });

  it('hours when EV is measured in duration', () => {
    const a = buildAnalysis({ name: 'Hours Job', measureBasis: 'duration', pv: [100, 300, 600, 800, 1000], ev: [90, 250], ac: [100, 300] });
    const s = text(commentaryOf(a), 'status');
    expect(s).toContain('every hour spent has earned 0.83 hours of work, 50 hours over budget');
    expect(s).toContain('duration-weighted, 50 hours of planned work is not yet done');
    expect(s).not.toContain('£');
  });

  it('input warnings are mentioned in next steps', () => {
    const a = { ...midOnTrack(), warnings: ['row 7: cumulative EV falls'] };
    expect(text(commentaryOf(a), 'next')).toContain('Also resolve the input warning reported with this analysis');
  });

  it('custom rules change the judgement words', () => {
    const strict = DEFAULT_RULES.map((r) => (r.id === 'cpi-warning' ? { ...r, threshold: 1.05 } : r.id === 'cpi-critical' ? { ...r, threshold: 1.02 } : r));
    const s = text(commentaryOf(midOnTrack(), { rules: strict }), 'status');
    expect(s).toContain('Cost performance is poor: CPI 1.01');
  });
});

describe('helpers', () => {
  it('joinList', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['a'])).toBe('a');
    expect(joinList(['a', 'b'])).toBe('a and b');
    expect(joinList(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('driverNodes prefers control accounts, else the first level with a choice', () => {
    const a = earlyOverrun();
    expect(driverNodes(a.breakdown!).map((n) => n.id)).toEqual(['CA-100', 'CA-200', 'CA-300']);
    const wbs = buildAnalysis({
      pv: [10, 20],
      ev: [10],
      ac: [10],
      breakdown: [
        {
          id: 'W',
          name: 'Whole job',
          kind: 'wbs',
          children: [
            { id: 'W.1', name: 'A', kind: 'wbs', pv: 5, ev: 5, ac: 5, bac: 10 },
            { id: 'W.2', name: 'B', kind: 'wbs', pv: 5, ev: 5, ac: 5, bac: 10 },
          ],
        },
      ],
    });
    expect(driverNodes(wbs.breakdown!).map((n) => n.id)).toEqual(['W.1', 'W.2']);
  });
});

describe('writeCommentary takes the alerts it is given', () => {
  it('does not evaluate the alerts a second time', () => {
    const a = earlyOverrun();
    const alerts = evaluateAlerts(a);
    expect(alerts.length).toBeGreaterThan(1);
    expect(text(writeCommentary(a, alerts), 'next')).toMatch(new RegExp(`^There are ${alerts.length} alerts`));
    // Given only the project's critical CPI alert, it speaks of that one alert alone.
    const one = alerts.filter((x) => x.nodeKind === 'project' && x.metric === 'cpi');
    expect(one).toHaveLength(1);
    const next = text(writeCommentary(a, one), 'next');
    expect(next).toMatch(/^There is one alert \(critical\)\. First, find where the overspend is coming from/);
    expect(next).not.toContain('Next,');
  });
});

describe('no cost talk without costs (Analysis.noActualsReason)', () => {
  const a = scheduleOnly();
  const c = commentaryOf(a);
  const whole = all(c);

  it('says once, plainly, that only schedule performance is reported', () => {
    const statement = 'It carries no actual costs or actual units, so only schedule performance is reported.';
    expect(whole.split(statement)).toHaveLength(2);
    // That sentence is the only one about cost.
    expect(whole.replace(statement, '')).not.toMatch(/\bcosts?\b|\bspent\b|\bspend\b|budget/i);
  });

  it('gives no cost advice and no EAC', () => {
    expect(whole).not.toMatch(/\bEAC\b|\bCPI\b|\bCV\b|VAC|TCPI|invoice|accrual|recovery plan|ledger|timesheet|contingency|overrun|underrun/);
  });

  it('names the basis of the schedule figures', () => {
    const status = text(c, 'status');
    expect(status).toContain('Signal Box Resignalling is 51.9% complete against 64.8% scheduled (duration-weighted).');
    expect(status).toContain('The project is well behind schedule: SPI(t) 0.85');
    expect(status).toContain('duration-weighted, 518 hours of planned work is not yet done (SV -518 hours, SPI 0.80)');
    expect(text(commentaryOf(scheduleOnly({ basis: 'units' })), 'status')).toContain('(units-weighted)');
  });

  it('still reads the schedule: trend, forecast finish, drivers and actions', () => {
    expect(text(c, 'trend')).toContain('SPI(t) has moved from');
    expect(text(c, 'forecast')).toContain('At the current SPI(t) the project will take');
    expect(text(c, 'drivers')).toMatch(/^The schedule slippage is concentrated in Installation/);
    const next = text(c, 'next');
    // SPI and SV% alerts (thresholds.ts) put the slip itself first, then the TSPI re-forecast.
    expect(next).toMatch(/^There are 10 alerts \(8 critical\)\. First, walk the critical path with the planners: find the late activities behind SPI\(t\) 0\.85/);
    expect(next).toContain('Next, re-forecast the completion date: a TSPI of 1.22');
  });

  it('with no alerts, says what to watch without cost advice', () => {
    const quiet = commentaryOf(a, { rules: [] });
    expect(text(quiet, 'next')).toContain('No alert thresholds are breached');
    expect(all(quiet)).not.toMatch(/invoice|accrual|\bEAC\b|bottom-up/);
  });

  it('not started and complete jobs without actuals say nothing about cost either', () => {
    const pv = sCurve(800, 8);
    const notYet = buildAnalysis({ name: 'Depot Roof', measureBasis: 'duration', months: '2025-04', pv, ev: [0], ac: [0], noActuals: NO_ACTUALS_REASON });
    const done = buildAnalysis({ name: 'Depot Roof', measureBasis: 'duration', months: '2025-04', pv: [...pv, 800], ev: [...pv.slice(0, 8), 800], ac: [...pv, 0], noActuals: NO_ACTUALS_REASON });
    const statement = 'It carries no actual costs or actual units, so only schedule performance is reported.';
    for (const x of [notYet, done]) {
      const t = all(commentaryOf(x));
      expect(t.split(statement)).toHaveLength(2);
      expect(t.replace(statement, '')).not.toMatch(/\bEAC\b|invoice|accrual|\bcosts?\b|\bspent\b|budget/i);
    }
    expect(all(commentaryOf(done))).toContain('1 month late');
  });
});

describe('citing the schedule risk run (issue 15)', () => {
  const a = lateBehind();
  const risk = {
    dataDate: a.dataDate ?? '2025-03-31T17:00',
    iterations: 5000,
    finishP50: '2025-11-14T17:00',
    finishP80: '2025-12-05T17:00',
    deterministicFinish: '2025-10-31T17:00',
    deterministicConfidence: 0.12,
    costP50: 1_180_000,
    costP80: 1_240_000,
    defaultRangesOnly: false,
  };

  it('cites the P80 finish and cost in the forecast, beside the scheduled finish and its confidence', () => {
    const forecast = text(commentaryOf(a, { risk }), 'forecast');
    expect(forecast).toContain('The schedule risk analysis (5,000 iterations) gives an 80% chance of finishing by 5 Dec 2025 (P80) and of costing no more than £1,240,000');
    expect(forecast).toContain('the scheduled finish of 31 Oct 2025 is 12% likely, and the P50 is 14 Nov 2025.');
    expect(forecast).not.toContain('not an assessment');
    // Without a run, nothing about risk.
    expect(text(commentaryOf(a), 'forecast')).not.toContain('risk analysis');
  });

  it('says when the ranges are only the default, and when the run is from an earlier status', () => {
    expect(text(commentaryOf(a, { risk: { ...risk, defaultRangesOnly: true } }), 'forecast')).toContain('Its ranges are the default −10% / +25% on every task, not an assessment');
    const stale = text(commentaryOf(a, { risk: { ...risk, dataDate: '2024-01-31T17:00' } }), 'forecast');
    expect(stale).toContain('The last schedule risk analysis was run at the status date of 31 Jan 2024, before this status: run it again before quoting its dates.');
    expect(stale).not.toContain('P80');
  });

  it('a schedule without costs cites the date alone; a finished project cites nothing', () => {
    expect(text(commentaryOf(a, { risk: { ...risk, costP80: null, costP50: null } }), 'forecast')).not.toContain('costing');
    expect(text(commentaryOf(finished(), { risk }), 'forecast')).not.toContain('risk analysis');
  });
});
