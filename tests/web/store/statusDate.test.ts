/**
 * The status date confirmed in the import summary is saved with the import (issue 12, item 2):
 * it becomes the import's data date, orders the status history, and later analyses use it, with
 * the source it was saved with; a date that is not a date stores nothing.
 */
import './setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm/analyseSchedule';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { StoreError, type LocalStore } from '../../../src/local/store';
import { freshStore } from './helpers';

/** A synthetic schedule whose file gave no data date; progress as at ~40% through. */
function undated(statusAt = 0.4): Schedule {
  const s = syntheticSchedule({ activities: 60, seed: 5, statusAt });
  delete s.project.dataDate;
  return s;
}

describe('saving an import with the status date chosen on import', () => {
  let store: LocalStore;
  beforeAll(async () => {
    store = await freshStore();
  });
  afterAll(async () => {
    await store.destroy();
  });

  it('the chosen date is the import data date, in the list and in the schedule loaded back', async () => {
    const s = undated();
    const before = structuredClone(s);
    const ids = await store.saveImport(s, { fileName: 'no-date.xml', format: 'mspdi', fileSize: 100, statusDate: { date: '2025-03-14', source: 'chosen' } });
    expect(s).toEqual(before); // the staged schedule is not changed
    const [row] = await store.listImports(ids.projectId);
    expect(row.dataDate).toBe('2025-03-14');
    expect(row.statusDate).toBe('2025-03-14');
    const [project] = (await store.listProjects()).filter((p) => p.id === ids.projectId);
    expect(project.latestDataDate).toBe('2025-03-14');
    const loaded = await store.loadSchedule(ids.projectId);
    expect(loaded.project).toMatchObject({ dataDate: '2025-03-14', dataDateSource: 'chosen' });
    // A later analysis measures at it and says it was chosen on import, whatever today is.
    const a = analyseSchedule(loaded, { today: '2099-01-01' });
    expect(a.dataDate).toBe('2025-03-14T00:00');
    expect(a.dataDateSource).toBe('chosen');
  });

  it('a kept default keeps its source (the latest actual date here)', async () => {
    const s = undated();
    const latest = s.activities.flatMap((x) => [x.actualStart, x.actualFinish]).filter((d): d is string => !!d).sort().at(-1)!;
    const ids = await store.saveImport(s, { fileName: 'kept.xml', format: 'mspdi', fileSize: 100, statusDate: { date: latest, source: 'latest-actual' } });
    const loaded = await store.loadSchedule(ids.projectId);
    expect(analyseSchedule(loaded, { today: '2099-01-01' })).toMatchObject({ dataDateSource: 'latest-actual' });
    expect(loaded.project.dataDate).toBe(latest);
  });

  it('orders the status history by the chosen dates, and the earlier import becomes history at its chosen date', async () => {
    const first = await store.saveImport(undated(0.3), { fileName: 'period-1.xml', format: 'mspdi', fileSize: 100, statusDate: { date: '2025-02-28', source: 'chosen' } });
    await store.saveImport(undated(0.5), { fileName: 'period-2.xml', format: 'mspdi', fileSize: 100, projectId: first.projectId, statusDate: { date: '2025-03-31', source: 'chosen' } });
    const rows = await store.listImports(first.projectId);
    expect(rows.map((r) => [r.fileName, r.dataDate])).toEqual([
      ['period-1.xml', '2025-02-28'],
      ['period-2.xml', '2025-03-31'],
    ]);
    const loaded = await store.loadSchedule(first.projectId);
    expect(loaded.project.dataDate).toBe('2025-03-31');
    expect(loaded.snapshots.map((x) => x.dataDate)).toEqual(['2025-02-28']);
  });

  it('a chosen date that is not a date is refused, naming the file, and nothing is stored', async () => {
    const before = (await store.listProjects()).length;
    const attempt = store.saveImport(undated(), { fileName: 'bad.xml', format: 'mspdi', fileSize: 100, statusDate: { date: '2025-02-30', source: 'chosen' } });
    await expect(attempt).rejects.toBeInstanceOf(StoreError);
    await expect(
      store.saveImport(undated(), { fileName: 'bad.xml', format: 'mspdi', fileSize: 100, statusDate: { date: '2025-02-30', source: 'chosen' } }),
    ).rejects.toThrow(/bad\.xml.*the status date chosen for this import \("2025-02-30"\) is not a date/);
    expect((await store.listProjects()).length).toBe(before);
  });

  it('without a chosen date the file date stands, as before', async () => {
    const s = syntheticSchedule({ activities: 30, seed: 9 });
    const ids = await store.saveImport(s, { fileName: 'dated.xer', format: 'xer', fileSize: 100 });
    const [row] = await store.listImports(ids.projectId);
    expect(row.dataDate).toBe(s.project.dataDate);
    expect((await store.loadSchedule(ids.projectId)).project.dataDateSource).toBeUndefined();
  });
});
