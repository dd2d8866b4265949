/**
 * Real dashboard data for the tests: tests/fixtures/riverside-pumping-station.json through the
 * engine (parseSchedule → analyseSchedule → dashboardOf), as the data worker builds it. Its figures are
 * worked out by hand in tests/fixtures/README.md; the tests cite them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DashboardData } from '../../../src/app/dashboard/components';
import { analyseSchedule } from '../../../src/core/evm';
import { dashboardOf } from '../../../src/core/insight';
import { parseSchedule } from '../../../src/core/model';

export const FIXTURE = resolve(__dirname, '../../fixtures/riverside-pumping-station.json');

type Json = Record<string, unknown>;

function load(): Json {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
}

function dataOf(json: Json): DashboardData {
  return dashboardOf(analyseSchedule(parseSchedule(json)), { eacMethod: 'cpi' });
}

/** The fixture as written. */
export function riverside(): DashboardData {
  return dataOf(load());
}

/** The fixture with no actual cost booked anywhere (activities and snapshot): CPI has no denominator. */
export function riversideWithoutActualCost(): DashboardData {
  const json = load();
  for (const a of json.activities as Json[]) {
    a.actualCost = 0;
    delete a.remainingCost;
  }
  for (const s of json.snapshots as Json[]) for (const a of s.activities as Json[]) a.actualCost = 0;
  return dataOf(json);
}

/** The fixture with no costs at all, so EV is measured in hours (units or duration basis). */
export function riversideWithoutCosts(): DashboardData {
  const json = load();
  for (const a of json.activities as Json[]) {
    a.budgetCost = 0;
    a.actualCost = 0;
    delete a.remainingCost;
  }
  for (const s of json.snapshots as Json[]) {
    for (const a of s.activities as Json[]) {
      a.actualCost = 0;
      delete a.remainingCost;
    }
  }
  return dataOf(json);
}
