/**
 * Issue 18, item 5, through the data worker's API over the real store (PouchDB on fake-indexeddb):
 * - a next status whose file calls the project something else: the list, the dashboard's analysis
 *   and its commentary all use the project's own name, and follow a rename;
 * - the proposed match of a new file says why ("same P6 project id, … activity ids in common");
 * - the "Save as" list tells projects of the same name apart.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import { saveAsLabel } from '../../../src/app/import/saveAsLabels';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { ProjectSummaryRow } from '../../../src/local/contracts';
import { FIRST_DASHBOARD_OPTIONS } from '../../../src/local/contracts';
import { activityOverlap, idKind, matchReason } from '../../../src/local/store/summaries';
import { teamDevice } from './teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

function viaduct(statusAt: number, name: string, over: { id?: string; code?: string; drop?: number } = {}): Schedule {
  const s = syntheticSchedule({ activities: 49, seed: 3, statusAt });
  s.project = { ...s.project, id: over.id ?? '4242', code: over.code ?? 'VIA-01', name };
  // Four activities of the first status are gone from the next one, as in a real update.
  if (over.drop) s.activities = s.activities.slice(0, s.activities.length - over.drop);
  return s;
}

describe('a next status whose file names the project differently', () => {
  it('the list, the dashboard and its commentary use the project’s name, and follow a rename', async () => {
    const { api } = await teamDevice(ANN, { editor: true });
    const first = await api.stage(jsonOf([viaduct(0.4, 'Viaduct works')]), { fileName: 'via-r1.xer', format: 'xer', fileSize: 1 });
    expect(first.schedules[0].match).toBeUndefined();
    const [saved] = await api.commit(first.pendingId, [{ index: 0, projectId: null }]);

    // The next file: the same P6 project (proj_id 4242, code VIA-01), renamed in P6, four activities fewer.
    const next = await api.stage(jsonOf([viaduct(0.6, 'VW Rev 3 — issued', { drop: 4 })]), { fileName: 'via-r3.xer', format: 'xer', fileSize: 1 });
    const match = next.schedules[0].match;
    expect(match).toMatchObject({ id: saved.projectId, name: 'Viaduct works' });
    expect(match?.reason).toBe('same P6 project id, same project code, 45 of 45 activity ids in common');
    await api.commit(next.pendingId, [{ index: 0, projectId: saved.projectId }]);

    const [row] = await api.listProjects();
    expect(row.name).toBe('Viaduct works');
    const dash = await api.dashboard(saved.projectId, FIRST_DASHBOARD_OPTIONS);
    expect(dash.analysis.project.name).toBe('Viaduct works');
    const said = dash.commentary.paragraphs.map((p) => p.text).join(' ');
    expect(said).toContain('Viaduct works');
    expect(said).not.toContain('VW Rev 3');

    await api.renameProject(saved.projectId, 'Viaduct works, deck');
    const after = await api.dashboard(saved.projectId, FIRST_DASHBOARD_OPTIONS);
    expect(after.analysis.project.name).toBe('Viaduct works, deck');
  });

  it('a file of another project with the same default activity ids is not proposed', async () => {
    const { api } = await teamDevice(ANN, { editor: true });
    const first = await api.stage(jsonOf([viaduct(0.4, 'Viaduct works')]), { fileName: 'via.xer', format: 'xer', fileSize: 1 });
    await api.commit(first.pendingId, [{ index: 0, projectId: null }]);
    // Same generator, so the same activity ids A1…A49: that alone is no evidence.
    const other = await api.stage(jsonOf([viaduct(0.5, 'Depot', { id: '9999', code: 'DEP-7' })]), { fileName: 'depot.xer', format: 'xer', fileSize: 1 });
    expect(other.schedules[0].match).toBeUndefined();
  });
});

describe('match evidence in words', () => {
  it('names the kind of id, and counts activity ids once each', () => {
    expect(idKind({ id: '5442', code: 'TestProject', name: 'TestProject' })).toBe('P6 project id');
    expect(idKind({ id: '{0D5B4E8C-1C2A-4F3B-9A77-2B6A4F1C9E10}', code: 'Plan', name: 'Plan' })).toBe('MS Project GUID');
    // MS Project without a GUID takes the file name for the id: nothing beyond the code.
    expect(idKind({ id: 'plan.xml', code: 'plan.xml', name: 'Plan' })).toBeNull();
    expect(activityOverlap(['A1', 'A2', 'A2', 'A3'], new Set(['A2', 'A3', 'A9']))).toEqual({ common: 2, of: 3 });
    expect(matchReason({ sameId: 'P6 project id', sameCode: false, sameName: false, overlap: { common: 45, of: 49 } })).toBe('same P6 project id, 45 of 49 activity ids in common');
    expect(matchReason({ sameId: null, sameCode: false, sameName: true })).toBe('same project name');
  });
});

describe('the "Save as" list', () => {
  const row = (id: string, name: string, over: Partial<ProjectSummaryRow> = {}): ProjectSummaryRow => ({
    id,
    name,
    currency: 'GBP',
    importCount: 1,
    activityCount: 10,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  });
  it('tells two projects of one name apart by code, space and latest status; a unique name stays plain', () => {
    const all = [
      row('a', 'Viaduct works', { code: 'VIA-01', latestDataDate: '2026-03-31T17:00' }),
      row('b', 'viaduct  works', { code: 'VIA-02', teamId: 't1', teamName: 'Rail team', latestDataDate: '2026-02-28T17:00' }),
      row('c', 'Depot'),
    ];
    const labels = all.map((p) => saveAsLabel(p, all));
    expect(labels[2]).toBe('The next status of Depot');
    expect(labels[0]).toMatch(/^The next status of Viaduct works \(VIA-01, Personal space, status .*2026\)$/);
    expect(labels[1]).toMatch(/^The next status of viaduct {2}works \(VIA-02, Rail team, status .*2026\)$/);
    expect(labels[0]).not.toBe(labels[1]);
    expect(saveAsLabel(row('d', 'Depot'), [row('d', 'Depot'), row('e', 'Depot')])).toBe('The next status of Depot (Personal space, no status yet)');
  });
});
