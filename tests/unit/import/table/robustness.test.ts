/**
 * Whatever a sheet holds, the table pipeline either works or says why with an ImportError: never
 * a TypeError, never a field on two columns, never a row silently lost.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activitiesFromTable, periodTableFromSheet, proposeMapping, type CellValue, type Sheet } from '../../../../src/core/import/table';
import { ImportError } from '../../../../src/core/import/types';

const HEADERS = ['Activity ID', 'Name', 'Start', 'Finish', 'Budget', '% Complete', 'Predecessors', 'WBS', 'Period', 'PV', 'EV', 'AC', 'Duration', 'Type', '', 'Notes'];
const cell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('TBC', '£1,200', '45%', '03/04/2025', '2025-13-45', '5d', 'A1', 'A1FS+2d', '1.2.3', 'Total', '#REF!', '-', '(5)', 'Finish Milestone'),
  fc.double({ noNaN: false }),
  fc.integer({ min: -5, max: 60000 }),
  fc.boolean(),
);

/** Passes through an ImportError (a clear refusal), fails the test on anything else. */
function tolerant<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ImportError) return null;
    throw e;
  }
}

describe('table pipeline on arbitrary sheets', () => {
  it('maps and builds, or refuses with an ImportError', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 4 }),
        fc.shuffledSubarray(HEADERS, { minLength: 1, maxLength: 8 }),
        fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 12 }),
        (above, header, body) => {
          const sheet: Sheet = { name: 'Fuzz', rows: [...above, header, ...body] };
          const proposal = tolerant(() => proposeMapping(sheet));
          if (!proposal) return;
          const fields = proposal.columns.map((c) => c.field).filter((f) => f !== null);
          expect(new Set(fields).size).toBe(fields.length);
          if (proposal.kind === 'activities') {
            const result = tolerant(() => activitiesFromTable(sheet, proposal));
            if (!result) return;
            const s = result.schedules[0];
            for (const a of s.activities) {
              expect(Number.isFinite(a.budgetCost) && Number.isFinite(a.actualCost) && Number.isFinite(a.remainingCost)).toBe(true);
              for (const v of Object.values(a.percentComplete)) expect(v).toBeGreaterThanOrEqual(0);
            }
            expect(new Set(s.activities.map((a) => a.id)).size).toBe(s.activities.length);
          } else {
            tolerant(() => periodTableFromSheet(sheet, proposal, { cumulative: true }));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('accepts sheets with missing rows (holes) built by hand', () => {
    const rows: CellValue[][] = [];
    rows[2] = ['Activity ID', 'Budget'];
    rows[4] = ['A1', 100];
    const s = activitiesFromTable({ name: 'Holes', rows }, proposeMapping({ name: 'Holes', rows })).schedules[0];
    expect(s.activities.map((a) => [a.code, a.budgetCost])).toEqual([['A1', 100]]);
  });
});
