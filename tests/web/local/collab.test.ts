/**
 * Collaboration (issue 13) through the data worker's API (src/local/backend.ts), in Node against
 * the real store (PouchDB's indexeddb adapter on fake-indexeddb): comments (add, edit, resolve,
 * delete, who may do what, the length limits), two devices replicating with concurrent edits of
 * one comment (both kept, then resolved, everywhere), VARs (field checks, status rules), the
 * draft from the commentary on a real sample schedule, and "what changed since I last looked".
 */
import '../store/setup';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScheduleFile } from '../../../src/core/import';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { DataBackend } from '../../../src/local/backend';
import { COMMENT_MAX_CHARS, type VarKey } from '../../../src/local/contracts';
import { exchange, NOW, teamDevice } from './teamDevice';



const device = (user: { id: string; name: string }, name?: string, role: 'owner' | 'viewer' = 'owner') => teamDevice(user, { ...(name ? { name } : {}), role });

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function importInto(api: DataBackend, schedule: Schedule, projectId: string | null, fileName = 'site.xer') {
  const staged = await api.stage(jsonOf([schedule]), { fileName, format: 'xer', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId }]);
  return saved;
}


describe('comments', () => {
  it('adds, lists, edits, resolves, reopens and deletes a comment, with its author and times', async () => {
    const { api } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    const c = await api.addComment(p.id, { kind: 'element', nodeId: 'W1', nodeKind: 'wbs', name: 'Civils' }, '  Civils overspend: check the concrete invoices.  ');
    expect(c).toMatchObject({
      projectId: p.id,
      text: 'Civils overspend: check the concrete invoices.',
      resolved: false,
      author: ANN,
      mine: true,
      edited: false,
      conflict: null,
      targetKey: 'element:wbs:W1',
      target: { kind: 'element', nodeId: 'W1', nodeKind: 'wbs', name: 'Civils' },
    });
    expect(Date.parse(c.createdAt)).toBeGreaterThan(NOW.getTime());

    await api.addComment(p.id, { kind: 'project' }, 'Status meeting on Friday.');
    await api.addComment(p.id, { kind: 'alert', metric: 'cpi', nodeId: 'W1', nodeKind: 'wbs' }, 'CAM asked.');
    const list = await api.listComments(p.id);
    expect(list.map((x) => x.targetKey)).toEqual(['element:wbs:W1', 'project', 'alert:cpi:wbs:W1']);

    const edited = await api.editComment(p.id, c.id, 'Civils overspend: concrete invoices posted twice.', c.seen);
    expect(edited).toMatchObject({ text: 'Civils overspend: concrete invoices posted twice.', edited: true });
    const resolved = await api.setCommentResolved(p.id, c.id, true);
    expect(resolved.resolved).toBe(true);
    expect((await api.setCommentResolved(p.id, c.id, false)).resolved).toBe(false);

    expect(await api.deleteComment(p.id, c.id)).toEqual({ deleted: true });
    expect((await api.listComments(p.id)).map((x) => x.targetKey)).toEqual(['project', 'alert:cpi:wbs:W1']);
    await expect(api.editComment(p.id, c.id, 'again')).rejects.toThrow(/no longer here/);
  });

  it('refuses an empty comment and one over the limit with a clear message, and accepts exactly the limit', async () => {
    const { api } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    await expect(api.addComment(p.id, { kind: 'project' }, '   ')).rejects.toThrow('Write something first: a comment cannot be empty.');
    await expect(api.addComment(p.id, { kind: 'project' }, 'x'.repeat(COMMENT_MAX_CHARS + 1))).rejects.toThrow(
      'This comment is 5,001 characters long; a comment holds at most 5,000. Shorten it, or split it into two comments.',
    );
    const ok = await api.addComment(p.id, { kind: 'project' }, 'y'.repeat(COMMENT_MAX_CHARS));
    expect(ok.text).toHaveLength(COMMENT_MAX_CHARS);
    await expect(api.editComment(p.id, ok.id, '')).rejects.toThrow(/cannot be empty/);
    await expect(api.addComment(p.id, { kind: 'alert', metric: 'cpi' } as never, 'x')).rejects.toThrow(/could not tell what this comment is about/);
    await expect(api.addComment('no-such-project', { kind: 'project' }, 'x')).rejects.toThrow(/not on this device/);
    expect(await api.listComments(p.id)).toHaveLength(1);
  });

  it("lets only the author edit or delete a comment, and anyone resolve it (a teammate's device)", async () => {
    const ann = await device(ANN);
    const bob = await device(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    const c = await ann.api.addComment(p.id, { kind: 'project' }, 'Ann writes.');
    await exchange(ann.store, bob.store);

    const [seenByBob] = await bob.api.listComments(p.id);
    expect(seenByBob).toMatchObject({ text: 'Ann writes.', mine: false, author: ANN });
    await expect(bob.api.editComment(p.id, c.id, 'Bob rewrites.')).rejects.toThrow(`Only ${ANN.name}, who wrote this comment, can edit it.`);
    await expect(bob.api.deleteComment(p.id, c.id)).rejects.toThrow(`Only ${ANN.name}, who wrote this comment, can delete it.`);
    expect((await bob.api.setCommentResolved(p.id, c.id, true)).resolved).toBe(true);

    await exchange(ann.store, bob.store);
    expect((await ann.api.listComments(p.id))[0]).toMatchObject({ text: 'Ann writes.', resolved: true });
  });

  it("refuses a viewer's comment and VAR in the worker (the gateway would refuse them), and still shows the team's", async () => {
    const ann = await device(ANN);
    const bob = await device(BOB, undefined, 'viewer');
    const p = await ann.api.createProject({ name: 'Tower' });
    await ann.api.addComment(p.id, { kind: 'project' }, 'Ann writes.');
    await exchange(ann.store, bob.store);

    expect((await bob.api.listComments(p.id)).map((c) => c.text)).toEqual(['Ann writes.']);
    const viewer = 'You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.';
    await expect(bob.api.addComment(p.id, { kind: 'project' }, 'Bob writes.')).rejects.toThrow(viewer);
    await expect(bob.api.setCommentResolved(p.id, (await bob.api.listComments(p.id))[0].id, true)).rejects.toThrow(viewer);
    expect((await bob.api.listComments(p.id)).map((c) => [c.text, c.resolved])).toEqual([['Ann writes.', false]]);
  });

  it('keeps both versions of a comment edited on two devices at once, shows the conflict on both, and resolving it ends it everywhere', async () => {
    // The same person on a laptop and a tablet: two device databases replicating through the team.
    const laptop = await device(ANN);
    const tablet = await device(ANN);
    const p = await laptop.api.createProject({ name: 'Tower' });
    const c = await laptop.api.addComment(p.id, { kind: 'project' }, 'First words.');
    await exchange(laptop.store, tablet.store);

    // Offline, each edits the text without seeing the other; the tablet also resolves it.
    await laptop.api.editComment(p.id, c.id, 'Laptop version.');
    await tablet.api.editComment(p.id, c.id, 'Tablet version.');
    await tablet.api.setCommentResolved(p.id, c.id, true);
    await exchange(laptop.store, tablet.store);

    const onLaptop = (await laptop.api.listComments(p.id))[0];
    const onTablet = (await tablet.api.listComments(p.id))[0];
    expect(onLaptop.conflict?.map((v) => v.value).sort()).toEqual(['Laptop version.', 'Tablet version.']);
    expect(onTablet.conflict).toEqual(onLaptop.conflict);
    // Same winner shown on both, and the edit of the other field survives.
    expect(onTablet.text).toBe(onLaptop.text);
    expect(onLaptop.resolved).toBe(true);

    const chosen = await tablet.api.resolveCommentConflict(p.id, c.id, 'Laptop version.');
    expect(chosen).toMatchObject({ text: 'Laptop version.', conflict: null });
    await exchange(laptop.store, tablet.store);
    for (const d of [laptop, tablet]) expect((await d.api.listComments(p.id))[0]).toMatchObject({ text: 'Laptop version.', conflict: null, resolved: true });
  });

  it('does not delete a comment that changed on another device since the author looked', async () => {
    const laptop = await device(ANN);
    const tablet = await device(ANN);
    const p = await laptop.api.createProject({ name: 'Tower' });
    const c = await laptop.api.addComment(p.id, { kind: 'project' }, 'Draft.');
    await exchange(laptop.store, tablet.store);
    const looked = (await laptop.api.listComments(p.id))[0];
    await tablet.api.editComment(p.id, c.id, 'Important addition.');
    await exchange(laptop.store, tablet.store);
    expect(await laptop.api.deleteComment(p.id, c.id, looked.seen)).toEqual({ deleted: false });
    expect((await laptop.api.listComments(p.id))[0].text).toBe('Important addition.');
  });

  it('deleting the project deletes its comments and VARs', async () => {
    const { api, store } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    await api.addComment(p.id, { kind: 'project' }, 'Hello.');
    await api.saveVariance(p.id, { nodeId: 'W1', period: '2026-02-27' }, { cause: 'Rain.' });
    await api.deleteProject(p.id);
    const left = await store.pouch.allDocs({ startkey: 'comment:', endkey: 'var:\ufff0' });
    expect(left.rows.filter((r) => r.id.startsWith('comment:') || r.id.startsWith('var:'))).toEqual([]);
  });
});

describe('variance narratives (VARs)', () => {
  const key: VarKey = { nodeId: 'W1', period: '2026-02-27', code: '1.2', name: 'Civils' };
  const full = { cause: 'Ground conditions.', impact: '£40k overrun.', correctiveAction: 'Re-sequence the piling.', owner: 'J. Smith', dueDate: '2026-03-31' };

  it('saves a draft, refuses to submit it until every field is filled (naming what is missing), then submits and approves', async () => {
    const { api } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    const draft = await api.saveVariance(p.id, key, { cause: ' Ground conditions. ' });
    expect(draft).toMatchObject({ status: 'draft', cause: 'Ground conditions.', impact: '', owner: '' });
    await expect(api.setVarianceStatus(p.id, key, 'approved')).rejects.toThrow('Only a submitted VAR can be approved: submit it first (every field filled in).');
    await expect(api.setVarianceStatus(p.id, key, 'submitted')).rejects.toThrow('The VAR for Civils cannot be submitted yet: fill in the impact, corrective action, owner, due date.');

    await api.saveVariance(p.id, key, full);
    const submitted = await api.setVarianceStatus(p.id, key, 'submitted');
    expect(submitted.status).toBe('submitted');
    await expect(api.saveVariance(p.id, key, { cause: 'Changed.' })).rejects.toThrow('This VAR is submitted: return it to draft before changing it, then submit it again.');
    expect((await api.setVarianceStatus(p.id, key, 'approved')).status).toBe('approved');
    await expect(api.setVarianceStatus(p.id, key, 'submitted')).rejects.toThrow('Only a draft VAR can be submitted; this one is approved.');
    const back = await api.setVarianceStatus(p.id, key, 'draft');
    expect(back).toMatchObject({ status: 'draft', ...full });
  });

  it('checks fields: lengths, due date, unknown fields, the period', async () => {
    const { api } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    await expect(api.saveVariance(p.id, key, { dueDate: '2026-02-30' })).rejects.toThrow('"2026-02-30" is not a due date: enter the day, month and year.');
    await expect(api.saveVariance(p.id, key, { owner: 'o'.repeat(201) })).rejects.toThrow('The owner is 201 characters long; it holds at most 200. Shorten it.');
    await expect(api.saveVariance(p.id, key, { cause: 'c'.repeat(5001) })).rejects.toThrow('The cause is 5,001 characters long; it holds at most 5,000. Shorten it.');
    await expect(api.saveVariance(p.id, key, { colour: 'red' } as never)).rejects.toThrow('"colour" is not a field of a VAR');
    await expect(api.saveVariance(p.id, { nodeId: 'W1', period: 'March' }, { cause: 'x' })).rejects.toThrow('"March" is not a status period');
  });

  it('merges a VAR started on two devices at once into one, keeping both versions of a field both changed', async () => {
    const a = await device(ANN);
    const b = await device(BOB);
    const p = await a.api.createProject({ name: 'Tower' });
    await exchange(a.store, b.store);
    await a.api.saveVariance(p.id, key, { cause: 'Ann: rain.', owner: 'Ann' });
    await b.api.saveVariance(p.id, key, { cause: 'Bob: late steel.', impact: 'Two weeks.' });
    await exchange(a.store, b.store);
    const va = (await a.api.saveVariance(p.id, key, {}))!;
    const vb = (await b.api.saveVariance(p.id, key, {}))!;
    expect(va.id).toBe(vb.id);
    expect([va.owner, va.impact]).toEqual(['Ann', 'Two weeks.']);
    expect(va.conflicts.map((c) => [c.field, c.versions.map((v) => v.value).sort()])).toEqual([['cause', ['Ann: rain.', 'Bob: late steel.']]]);
    await expect(a.api.setVarianceStatus(p.id, key, 'submitted')).rejects.toThrow(/Two versions of the cause of this VAR were written at the same time/);
    const chosen = await b.api.resolveVarianceConflict(p.id, key, 'cause', 'Rain and late steel.');
    expect(chosen).toMatchObject({ cause: 'Rain and late steel.', conflicts: [] });
  });

  it('lists the breaching control accounts of a synthetic status with drafts, and the VAR written for one', async () => {
    const { api } = await device(ANN);
    const saved = await importInto(api, syntheticSchedule({ activities: 600, seed: 11, statusAt: 0.5 }), null);
    const list = await api.listVariances(saved.projectId, { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' });
    expect(list.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const r of list.rows) {
      expect(r.breaches.length).toBeGreaterThan(0);
      expect(r.severity).toBe(r.breaches.some((b) => b.severity === 'critical') ? 'critical' : 'warning');
      expect(r.draft?.cause).toContain(r.name);
    }
    if (list.rows.length > 0) {
      const r = list.rows[0];
      await api.saveVariance(saved.projectId, { nodeId: r.nodeId, period: list.period!, name: r.name }, { cause: r.draft!.cause });
      const again = await api.listVariances(saved.projectId, { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' });
      expect(again.rows.find((x) => x.nodeId === r.nodeId)?.var).toMatchObject({ status: 'draft', cause: r.draft!.cause });
    }
  });
});

const SAMPLES = resolve(__dirname, '../../../..', 'shared/samples/schedules');
const SP10 = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
const haveSample = existsSync(SP10);
if (!haveSample) console.warn(`[collab.test] ${SP10} not found; the VAR draft on a real schedule is skipped.`);

describe.skipIf(!haveSample)('VAR draft from the commentary on a real schedule (pyp6xer_SP10_COST_LOADED.xer)', () => {
  it('lists the breaching WBS elements and drafts cause and impact in the words and figures of the dashboard', async () => {
    const { api } = await device(ANN);
    const bytes = new Uint8Array(readFileSync(SP10));
    const outcome = parseScheduleFile(bytes, { fileName: 'SP10.xer' });
    if (outcome.kind !== 'schedules') throw new Error(`expected schedules, got ${outcome.kind}`);
    const saved = await importInto(api, outcome.result.schedules[0], null, 'SP10.xer');
    const options = { breakdown: 'wbs', periods: 'week', eacMethod: 'cpi' } as const;
    const [list, dash] = await Promise.all([api.listVariances(saved.projectId, options), api.dashboard(saved.projectId, options)]);
    expect(list.period).toBe(dash.analysis.dataDate!.slice(0, 10));
    expect(list.rows.length).toBeGreaterThan(0);
    for (const r of list.rows) {
      // Every breach is one the breakdown colours: the same rules on the same node.
      const alertsOnNode = dash.alerts.filter((a) => a.nodeId === r.nodeId);
      for (const a of alertsOnNode) expect(r.breaches.map((b) => b.metric)).toContain(a.metric);
      // The cause carries the alert list's own words for the node, the impact its forecast.
      for (const a of alertsOnNode) expect(r.draft!.cause).toContain(a.message);
      expect(r.draft!.impact).toMatch(new RegExp(`^At the current performance ${r.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is forecast to cost`));
    }
    const drivers = dash.commentary.paragraphs.find((p) => p.topic === 'drivers')?.text ?? '';
    // An account the drivers paragraph names starts its cause with the commentary's sentence on it.
    const named = list.rows.filter((r) => drivers.includes(`${r.name} (CV `));
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) {
      const sentence = drivers.split(/(?<=\.) (?=[A-Z])/).find((s) => s.includes(`${r.name} (CV `))!;
      expect(r.draft!.cause.startsWith(sentence)).toBe(true);
    }
  }, 60_000);
});

describe('what changed since I last looked', () => {
  it('counts new status imports by a teammate and new comments by others since the dashboard was opened on this device; cleared when opened', async () => {
    const ann = await device(ANN);
    const bob = await device(BOB);
    const saved = await importInto(ann.api, syntheticSchedule({ activities: 200, seed: 5, statusAt: 0.3 }), null, 'jan.xer');
    await exchange(ann.store, bob.store);
    const pid = saved.projectId;

    // Never opened on Bob's device: no badge.
    expect((await bob.api.listProjects()).find((p) => p.id === pid)?.changes).toBeUndefined();
    await bob.api.markProjectSeen(pid);
    expect((await bob.api.listProjects()).find((p) => p.id === pid)?.changes).toBeUndefined();

    // Ann imports the next status and comments twice; Bob comments once (his own: not news to him).
    const next = await importInto(ann.api, syntheticSchedule({ activities: 200, seed: 5, statusAt: 0.5 }), pid, 'feb.xer');
    await ann.api.addComment(pid, { kind: 'project' }, 'February is in.');
    await ann.api.addComment(pid, { kind: 'element', nodeId: 'W1', nodeKind: 'wbs' }, 'Look at W1.');
    await bob.api.addComment(pid, { kind: 'project' }, 'Bob here.');
    await exchange(ann.store, bob.store);

    const imports = await bob.api.listImports(pid);
    const latest = imports.find((i) => i.importId === next.importId)!;
    expect(latest.importedBy).toBe(ANN.name);
    const row = (await bob.api.listProjects()).find((p) => p.id === pid)!;
    expect(row.changes).toEqual({ newImports: 1, latestDataDate: latest.dataDate ?? latest.statusDate, importedBy: [ANN.name], newComments: 2 });

    // Ann's own device: her marker was never set, so nothing; after she opens it, Bob's comment is new to her.
    await ann.api.markProjectSeen(pid);
    expect((await ann.api.listProjects()).find((p) => p.id === pid)?.changes).toBeUndefined();

    await bob.api.markProjectSeen(pid);
    expect((await bob.api.listProjects()).find((p) => p.id === pid)?.changes).toBeUndefined();
  });
});

describe('a full disk', () => {
  it('says so when a comment cannot be saved, and leaves the comments as they were', async () => {
    const { api, store } = await device(ANN);
    const p = await api.createProject({ name: 'Tower' });
    await api.addComment(p.id, { kind: 'project' }, 'Kept.');
    // The browser refuses every write from here on, as IndexedDB does when the site's quota is used up.
    const full = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    store.pouch.put = full as never;
    store.pouch.bulkDocs = full as never;
    await expect(api.addComment(p.id, { kind: 'project' }, 'Lost?')).rejects.toMatchObject({
      code: 'quota',
      message: expect.stringMatching(/^Your browser's storage for Earnest is full, so Earnest could not finish saving your comment\. Nothing was changed\./),
    });
    expect((await api.listComments(p.id)).map((c) => c.text)).toEqual(['Kept.']);
  });
});
