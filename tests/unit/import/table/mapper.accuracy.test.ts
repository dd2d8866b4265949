/**
 * Measures the column mapper on realistic header sets (./headerSets.ts): fields right first time
 * over fields expected, and columns that should stay unmapped but were given a field. Misses are
 * printed so they can be studied.
 */
import { describe, expect, it } from 'vitest';
import { analysePeriodTable } from '../../../../src/core/evm/periodTable';
import { activitiesFromTable, periodTableFromSheet, proposeMapping, type CellValue, type Sheet } from '../../../../src/core/import/table';
import { HEADER_SETS, type HeaderSet } from './headerSets';
import { HELD_OUT_SETS } from './heldOutSets';

function sheetOf(set: HeaderSet): Sheet {
  const above = set.above ?? [];
  const rows: CellValue[][] = [...above.map((r) => [...r]), set.columns.map(([h]) => h), ...set.rows.map((r) => [...r])];
  return { name: set.name, rows, ...(set.merges ? { merges: set.merges } : {}) };
}

/**
 * BAC, EV and AC the real readers make of a set's rows with the mapper's own proposal: a wrong
 * mapping shows here as a wrong total. Activity lists: the sums over the imported activities
 * (EV = budget × the activity's % complete of its own type); period tables: the analysis.
 */
function totalsOf(set: HeaderSet): { bac: number | null; ev: number | null; ac: number | null } {
  const sheet = sheetOf(set);
  const proposal = proposeMapping(sheet);
  if (proposal.kind === 'periods') {
    const a = analysePeriodTable(periodTableFromSheet(sheet, proposal, { cumulative: set.cumulative ?? true }));
    return { bac: a.cost.bac.value, ev: a.cost.ev.value, ac: a.cost.ac.value };
  }
  const acts = activitiesFromTable(sheet, proposal).schedules[0].activities;
  let bac = 0;
  let ev = 0;
  let ac = 0;
  for (const a of acts) {
    bac += a.budgetCost;
    ac += a.actualCost;
    ev += a.budgetCost * (a.percentComplete[a.percentCompleteType] ?? 0);
  }
  return { bac, ev, ac };
}

interface Miss {
  set: string;
  header: string;
  expected: string | null;
  got: string | null;
  reason: string;
}

describe('column mapper accuracy', () => {
  const results = HEADER_SETS.map((set) => {
    const proposal = proposeMapping(sheetOf(set));
    return { set, proposal };
  });

  it('has at least 60 header sets, each with its hand-worked totals', () => {
    expect(HEADER_SETS.length).toBeGreaterThanOrEqual(60);
    expect(HEADER_SETS.filter((s) => !s.totals).map((s) => s.name)).toEqual([]);
    expect(new Set(HEADER_SETS.map((s) => s.name)).size).toBe(HEADER_SETS.length);
  });

  it.each(HEADER_SETS.map((s) => [s.name, s] as const))('%s: the full mapping, and the BAC/EV/AC the reader makes of its rows', (_name, set) => {
    const proposal = results.find((r) => r.set === set)?.proposal;
    expect(proposal?.columns.map((c) => [c.header, c.field])).toEqual(set.columns.map(([h, f]) => [h, f]));
    const want = set.totals as NonNullable<HeaderSet['totals']>;
    const got = totalsOf(set);
    for (const k of ['bac', 'ev', 'ac'] as const) {
      if (want[k] === null) expect(got[k], k).toBeNull();
      else expect(got[k], k).toBeCloseTo(want[k] as number, 6);
    }
  });

  it('maps ≥ 98% of expected fields right first time and rarely maps columns that hold no field', () => {
    let expected = 0;
    let right = 0;
    let nulls = 0;
    let falsePositives = 0;
    const misses: Miss[] = [];
    for (const { set, proposal } of results) {
      set.columns.forEach(([header, want], i) => {
        const col = proposal.columns[i];
        const got = col?.field ?? null;
        if (want === null) {
          nulls++;
          if (got !== null) {
            falsePositives++;
            misses.push({ set: set.name, header, expected: null, got, reason: col.reason });
          }
          return;
        }
        expected++;
        if (got === want) right++;
        else misses.push({ set: set.name, header, expected: want, got, reason: col?.reason ?? '(no column)' });
      });
    }
    const accuracy = right / expected;
    console.log(
      `Mapper accuracy (first time, target ≥ 98%): ${right}/${expected} expected fields right first time = ${(accuracy * 100).toFixed(1)}% ` +
        `over ${HEADER_SETS.length} header sets; ${falsePositives}/${nulls} no-field columns wrongly mapped.`,
    );
    for (const m of misses) console.log(`  MISS [${m.set}] ${JSON.stringify(m.header)}: expected ${m.expected ?? 'none'}, got ${m.got ?? 'none'} — ${m.reason}`);
    expect(accuracy).toBeGreaterThanOrEqual(0.98);
    expect(falsePositives / nulls).toBeLessThanOrEqual(0.1);
  });

  it('detects the kind of table of every set, without needing to ask', () => {
    const wrong = results.filter(({ set, proposal }) => proposal.kind !== set.kind).map(({ set, proposal }) => `${set.name}: ${proposal.kind} (${proposal.kindReason})`);
    expect(wrong).toEqual([]);
    expect(results.filter(({ proposal }) => proposal.otherReading).map(({ set }) => set.name)).toEqual([]);
  });

  it('finds the header row under title rows', () => {
    for (const { set, proposal } of results) expect(proposal.headerRow, set.name).toBe(set.above?.length ?? 0);
  });

  it('never gives a field to two columns', () => {
    for (const { set, proposal } of results) {
      const fields = proposal.columns.map((c) => c.field).filter((f) => f !== null);
      expect(new Set(fields).size, set.name).toBe(fields.length);
    }
  });

  it('gives every mapped column a confidence in 0..1 and a one-line reason naming the header', () => {
    for (const { proposal } of results) {
      for (const c of proposal.columns) {
        expect(c.confidence).toBeGreaterThanOrEqual(0);
        expect(c.confidence).toBeLessThanOrEqual(1);
        expect(c.reason).not.toMatch(/\n/);
        if (c.field && c.header) expect(c.reason).toContain(`'${c.header}'`);
      }
    }
  });
});

describe('column mapper accuracy on held-out header sets', () => {
  it('maps ≥ 90% of expected fields on layouts it was not tuned on', () => {
    let expected = 0;
    let right = 0;
    const misses: string[] = [];
    for (const set of HELD_OUT_SETS) {
      const proposal = proposeMapping(sheetOf(set));
      if (proposal.kind !== set.kind) misses.push(`[${set.name}] kind ${proposal.kind}, expected ${set.kind}`);
      set.columns.forEach(([header, want], i) => {
        const got = proposal.columns[i]?.field ?? null;
        if (want !== null) expected++;
        if (want !== null && got === want) right++;
        else if (got !== want) misses.push(`[${set.name}] ${JSON.stringify(header)}: expected ${want ?? 'none'}, got ${got ?? 'none'} — ${proposal.columns[i]?.reason}`);
      });
    }
    console.log(`Held-out accuracy: ${right}/${expected} = ${((100 * right) / expected).toFixed(1)}% over ${HELD_OUT_SETS.length} sets`);
    for (const m of misses) console.log(`  MISS ${m}`);
    expect(right / expected).toBeGreaterThanOrEqual(0.9);
  });
});
