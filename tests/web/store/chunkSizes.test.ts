/**
 * The client's chunk documents fit the sync gateway's limits (server/sync/limits.ts): every
 * document of a 20k- and a 100k-activity schedule (the seeded synthetic generator) is at most the
 * client's 128 KiB bound as it travels (with `_rev` and `_revisions`), so under the gateway's 1 MiB
 * document limit, and PouchDB's default replication batch of 100 documents fits the gateway's
 * `_bulk_docs` body limit. Before, activity chunks of 1,000 activities were ~660 KB and a batch of
 * 100 of them 66 MB, which the gateway refuses.
 */
import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { SCHEDULE_FORMAT_VERSION, type Schedule } from '../../../src/core/model/schedule';
import { assembleSchedule, buildImportDocs, MAX_DOC_BYTES, prepareChunks } from '../../../src/local/store/chunks';
import { BULK_DOCS_BODY_BYTES, MAX_DOC_BYTES as GATEWAY_MAX_DOC_BYTES } from '../../../server/sync/limits';

/** A document as replication sends it: with a revision and its history. */
function asReplicated(doc: object): object {
  const hash = 'a'.repeat(32);
  return { ...doc, _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } };
}
const size = (doc: object) => Buffer.byteLength(JSON.stringify(asReplicated(doc)), 'utf8');
const meta = { fileName: 'synthetic.xer', format: 'xer', fileSize: 1 };

describe('chunk documents fit the sync gateway', () => {
  it('keeps the client bound under the gateway limit, with a default batch under the body limit', () => {
    expect(MAX_DOC_BYTES).toBeLessThanOrEqual(GATEWAY_MAX_DOC_BYTES);
    expect(100 * MAX_DOC_BYTES).toBeLessThanOrEqual(BULK_DOCS_BODY_BYTES);
  });

  for (const activities of [20_000, 100_000]) {
    it(`splits a ${activities.toLocaleString('en-GB')}-activity schedule into documents of at most 128 KiB`, () => {
      const schedule = syntheticSchedule({ activities, seed: 11 });
      const built = buildImportDocs(schedule, { projectId: 'p1', importId: 'i1' }, meta, '2026-11-26T00:00:00Z');
      const sizes = [built.header, ...built.chunks].map(size);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_DOC_BYTES);
      // The activities needed splitting: many documents, not one.
      expect(built.chunks.filter((c) => c.kind === 'act').length).toBeGreaterThan(activities / 1000);
      const largest100 = [...sizes].sort((a, b) => b - a).slice(0, 100);
      expect(largest100.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BULK_DOCS_BODY_BYTES);
      // And it all comes back.
      const back = assembleSchedule(built.header, built.chunks);
      expect(back.activities).toHaveLength(activities);
      expect(back.activities[activities - 1]).toEqual(schedule.activities[activities - 1]);
    });
  }

  it('cuts one item bigger than a document into pieces that fit once escaped (quotes, accents)', () => {
    const base = syntheticSchedule({ activities: 10, seed: 2 });
    // One calendar whose JSON is ~1.5 MB, full of quotes (escaped twice in a piece) and 3-byte characters.
    const exceptions = Array.from({ length: 20_000 }, (_, i) => ({ date: `2030-01-${(i % 28) + 1}`, note: `"Bank" holiday — №${i} ✓ €` }));
    const schedule: Schedule = { ...base, formatVersion: SCHEDULE_FORMAT_VERSION, calendars: [{ ...base.calendars[0], exceptions } as never] };
    const built = buildImportDocs(schedule, { projectId: 'p1', importId: 'i1' }, meta, '2026-11-26T00:00:00Z');
    const pieces = built.chunks.filter((c) => c.kind === 'cal');
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(size(p)).toBeLessThanOrEqual(MAX_DOC_BYTES);
    expect(assembleSchedule(built.header, built.chunks).calendars[0]).toEqual(schedule.calendars[0]);
  });
});

describe('chunks cut ahead of the save (while the import summary is shown)', () => {
  it('give the very documents cutting at save time gives, for a schedule parsed from JSON', () => {
    const schedule = JSON.parse(JSON.stringify(syntheticSchedule({ activities: 5000, seed: 12 }))) as Schedule;
    const prepared = prepareChunks(schedule, { fromJson: true });
    const ids = { projectId: 'p1', importId: 'i1' };
    const ahead = buildImportDocs(schedule, ids, meta, '2026-01-01T00:00:00.000Z', 1, prepared);
    const atSave = buildImportDocs(schedule, ids, meta, '2026-01-01T00:00:00.000Z', 1);
    expect(ahead.chunks).toEqual(atSave.chunks);
    expect(ahead.header).toEqual(atSave.header);
    expect([...ahead.bytes]).toEqual([...atSave.bytes]);
  });

  it('are used only for the very lists they were cut from', () => {
    const schedule = syntheticSchedule({ activities: 300, seed: 13 });
    const prepared = prepareChunks(schedule);
    // Another schedule's activities (an edited copy, say) are cut afresh, not taken from `prepared`.
    const other = { ...schedule, activities: schedule.activities.slice(0, 100) };
    const docs = buildImportDocs(other, { projectId: 'p2', importId: 'i2' }, meta, 'x', 1, prepared);
    expect(assembleSchedule(docs.header, docs.chunks).activities).toHaveLength(100);
  });
});
