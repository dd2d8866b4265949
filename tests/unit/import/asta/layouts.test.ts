/**
 * Column positions of the text .pp layouts, counted by hand from MPXJ's listings
 * (joniles/mpxj FileFormat13004.java and FileFormat12005.java), independently of how
 * src/core/import/asta/layouts.ts writes them down (12005 is derived there from 13004).
 */
import { describe, expect, it } from 'vitest';
import { LAYOUTS_13001, LAYOUTS_12002, LAYOUTS_12005, LAYOUTS_13004, type TextTableLayout } from '../../../../src/core/import/asta/layouts';

const at = (layouts: ReadonlyMap<number, TextTableLayout>, table: string, column: string) => {
  const layout = [...layouts.values()].find((l) => l.name === table);
  return layout?.columns.indexOf(column);
};

describe('text .pp column positions', () => {
  it.each([
    ['TASK', 'BAR', 40, 39],
    ['TASK', 'LINKABLE_START', 54, 52],
    ['TASK', 'OVERALL_PERCENT_COMPLETE', 27, 27],
    ['EXPANDED_TASK', 'CUMULATIVH_COSTAMOUNT', 36, 33],
    ['PROJECT_SUMMARY', 'SHORT_NAME', 27, 28],
    ['PERMANENT_SCHEDUL_ALLOCATION', 'ALLOCATED_TO', 45, 40],
    ['PERMANENT_SCHEDUL_ALLOCATION', 'PERCENT_COMPLETE', 40, 37],
    ['PERM_RESOURCE_SKILL', 'PLAYER', 64, 60],
    ['EXCEPTIONN', 'NAML', 24, 23],
    ['LINK', 'LINK_KIND', 22, 22],
  ])('%s.%s is column %i in version 13004 and %i in 12005', (table, column, v13, v12) => {
    expect(at(LAYOUTS_13004, table, column)).toBe(v13);
    expect(at(LAYOUTS_12005, table, column)).toBe(v12);
  });

  it.each([
    ['PERMANENT_SCHEDUL_ALLOCATION', 'ALLOCATED_TO', 38],
    ['PERMANENT_SCHEDUL_ALLOCATION', 'PERCENT_COMPLETE', 35],
    ['PERM_RESOURCE_SKILL', 'PLAYER', 58],
    ['PERMANENT_RESOURCE', 'CREATED_AS_FOLDER', 35],
    ['TASK', 'LINKABLE_START', 52],
  ])('%s.%s is column %i in version 12002', (table, column, v) => {
    expect(at(LAYOUTS_12002, table, column)).toBe(v);
  });

  it.each([
    ['EXPANDED_TASK', 'CUMULATIVH_COSTAMOUNT', 35],
    ['EXPANDED_TASK', 'CUMULATIVE_ACTU_COSTAMOUNT', 41],
    ['PROJECT_SUMMARY', 'SHORT_NAME', 28],
    ['EXCEPTIONN', 'NAML', 23],
    ['TASK', 'LINKABLE_START', 54],
    ['PERMANENT_SCHEDUL_ALLOCATION', 'ALLOCATED_TO', 45],
  ])('%s.%s is column %i in version 13001', (table, column, v) => {
    expect(at(LAYOUTS_13001, table, column)).toBe(v);
  });

  it('version 12 allocations hold no budgeted cost', () => {
    expect(at(LAYOUTS_12005, 'PERMANENT_SCHEDUL_ALLOCATION', 'BUDGETED_COST_AMOUNT')).toBe(-1);
  });
});
