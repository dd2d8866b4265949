/** The activity grid's WBS column (src/app/project/activities/activityColumns.tsx). */
import { describe, expect, it } from 'vitest';
import { activityColumns, codeWidth, WBS_SHOWN_CHARS, wbsShown } from '../../../src/app/project/activities/activityColumns';
import type { ActivityGridRow } from '../../../src/local/contracts';

describe('the WBS column', () => {
  it('shows the end of a long WBS path, where it names the element, and keeps short codes whole', () => {
    expect(wbsShown('1.2.3')).toBe('1.2.3');
    const long = 'HS2-LWM-IMP-040-20.HS2-P1-CS-EWC-C-F.1';
    const shown = wbsShown(long);
    expect(shown).toHaveLength(WBS_SHOWN_CHARS);
    expect(shown.startsWith('…')).toBe(true);
    expect(long.endsWith(shown.slice(1))).toBe(true);
  });

  it('is no wider than the characters it shows, and the CSV has the whole code', () => {
    const columns = activityColumns({ basis: 'cost', currency: 'GBP' }, null, { code: 10, wbs: 40 });
    const wbs = columns.find((c) => c.id === 'wbs')!;
    expect(wbs.width).toBe(codeWidth(WBS_SHOWN_CHARS, 90));
    expect(wbs.width).toBeLessThan(codeWidth(40, 90));
    const row = { wbs: 'HS2-LWM-IMP-040-20.HS2-P1-CS-EWC-C-F.1', wbsName: 'Enabling works' } as ActivityGridRow;
    expect(wbs.csvValue!(row)).toBe('HS2-LWM-IMP-040-20.HS2-P1-CS-EWC-C-F.1');
  });
});
