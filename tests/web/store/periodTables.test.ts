import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeriodTable } from '../../../src/core/evm/periodTable';
import type { LocalStore } from '../../../src/local/store';
import { allDocs, freshStore } from './helpers';

const opened: LocalStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.destroy().catch(() => undefined);
});
async function store(): Promise<LocalStore> {
  const s = await freshStore();
  opened.push(s);
  return s;
}

const table = (ac: number): PeriodTable => ({
  valuesAre: 'cumulative',
  rows: [
    { label: 'Jan', end: '2025-01-31', pv: 100, ev: 80, ac: 90 },
    { label: 'Feb', end: '2025-02-28', pv: 250, ev: 200, ac },
    { label: 'Mar', end: '2025-03-31', pv: 450, ev: null, ac: null },
  ],
});

describe('period tables', () => {
  it('become a project, listed with the last reported period as its data date, and load back whole', async () => {
    const s = await store();
    const saved = await s.savePeriodTable(table(230), { fileName: 'monthly-ev.csv' });
    expect(saved.isNewProject).toBe(true);
    const [row] = await s.listProjects();
    expect(row).toMatchObject({ id: saved.projectId, name: 'monthly-ev', importCount: 1, periodTables: 1, latestDataDate: '2025-02-28', activityCount: 0 });
    const [doc] = await s.listPeriodTables(saved.projectId);
    expect(doc.table).toEqual(table(230));
    expect(doc.fileName).toBe('monthly-ev.csv');
  });

  it('a second table into the same project is kept beside the first, oldest first', async () => {
    const s = await store();
    const first = await s.savePeriodTable(table(230), { fileName: 'jan.csv' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await s.savePeriodTable(table(240), { fileName: 'feb.csv', projectId: first.projectId });
    expect(second).toMatchObject({ projectId: first.projectId, isNewProject: false });
    const docs = await s.listPeriodTables(first.projectId);
    expect(docs.map((d) => d.fileName)).toEqual(['jan.csv', 'feb.csv']);
    expect((await s.listProjects())[0].importCount).toBe(2);
  });

  it('an empty table or an unknown project is refused and nothing is written', async () => {
    const s = await store();
    await expect(s.savePeriodTable({ valuesAre: 'cumulative', rows: [] }, { fileName: 'x.csv' })).rejects.toThrow('x.csv: the period table has no rows, so there is nothing to save.');
    await expect(s.savePeriodTable(table(1), { fileName: 'x.csv', projectId: 'nope1' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await s.listProjects()).toEqual([]);
    expect([...(await allDocs(s)).keys()].filter((id) => id.startsWith('periods:'))).toEqual([]);
  });

  it('deleting the project removes its tables', async () => {
    const s = await store();
    const saved = await s.savePeriodTable(table(230), { fileName: 'monthly.csv' });
    await s.deleteProject(saved.projectId);
    expect(await s.listProjects()).toEqual([]);
    expect([...(await allDocs(s)).keys()].filter((id) => id.startsWith('periods:'))).toEqual([]);
  });
});
