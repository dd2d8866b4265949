/**
 * Readers that load on demand (src/core/import/lazyReaders.ts): the registry decides what
 * detect.ts calls readable, the async entry loads the reader and cleans its result like every
 * other format's, the sync entry refuses such formats plainly, and the import worker's function
 * (src/local/imports/readFile.ts) reads an MPX file end to end.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, ImportError, LAZY_READERS, hasLazyReader, loadReader, parseScheduleFile, parseScheduleFileAsync, type FileFormat } from '../../../src/core/import';
import { readScheduleFile } from '../../../src/local/imports/readFile';
import type { Schedule } from '../../../src/core/model/schedule';

const SAMPLES = path.resolve(__dirname, '../../../..', 'shared/samples/schedules');
const LEGACY = path.join(SAMPLES, 'other/mpxj_legacy_sample.mpx');
const MPP = path.join(SAMPLES, 'mpp/mpxj_mpp14resource.mpp');
const MINI = 'MPX,Microsoft Project for Windows,4.0,ANSI\r\n30,Mini\r\n60,ID,Unique ID,Name,Duration\r\n61,90,98,1,40\r\n70,1,1,Only task,2d\r\n';
const bytes = (s: string) => new TextEncoder().encode(s);

describe('the registry', () => {
  it('lists MPX, and a listed format is readable', () => {
    expect(hasLazyReader('mpx')).toBe(true);
    for (const format of Object.keys(LAZY_READERS) as FileFormat[]) expect(hasLazyReader(format)).toBe(true);
    expect(detectFormat(bytes(MINI), 'mini.mpx')).toMatchObject({ format: 'mpx', readable: true });
  });

  it.skipIf(!existsSync(MPP))('lists MPP and Asta too: an .mpp is readable', () => {
    expect(hasLazyReader('mpp')).toBe(true);
    expect(hasLazyReader('asta')).toBe(true);
    expect(detectFormat(new Uint8Array(readFileSync(MPP)), 'r.mpp')).toMatchObject({ format: 'mpp', readable: true });
  });

  it('loads a reader only for listed formats', async () => {
    expect(await loadReader('xer')).toBeUndefined();
    const r = await loadReader('mpx');
    expect(r?.read(bytes(MINI), { fileName: 'mini.mpx' }).schedules[0].activities.map((a) => [a.name, a.originalDuration])).toEqual([['Only task', 16]]);
  });
});

describe('parseScheduleFileAsync', () => {
  it('reads an MPX file through its on-demand reader', async () => {
    const out = await parseScheduleFileAsync(bytes(MINI), { fileName: 'mini.mpx' });
    expect(out.kind).toBe('schedules');
    if (out.kind !== 'schedules') return;
    expect(out.detection.format).toBe('mpx');
    expect(out.result.projects).toEqual([{ id: 'mini.mpx', code: 'mini.mpx', name: 'Mini', activities: 1 }]);
  });

  it('cleans an MPX schedule like every other format (names capped at the model limit)', async () => {
    const long = 'N'.repeat(5000);
    const out = await parseScheduleFileAsync(bytes(MINI.replace('Only task', long)), { fileName: 'long.mpx' });
    if (out.kind !== 'schedules') throw new Error('expected schedules');
    expect(out.result.schedules[0].activities[0].name.length).toBeLessThan(long.length);
  });

  it('reads the built-in formats exactly as the sync entry does', async () => {
    const csv = bytes('ID,Name,Start,Finish,Budget\nA1,Dig,2025-01-06,2025-01-10,100\n');
    const choice = { fileName: 'a.csv', table: { confirmed: true } };
    expect(await parseScheduleFileAsync(csv, choice)).toEqual(parseScheduleFile(csv, choice));
  });

  it('the sync entry refuses an on-demand format and says which entry to use', () => {
    expect(() => parseScheduleFile(bytes(MINI), { fileName: 'mini.mpx' })).toThrow(ImportError);
    expect(() => parseScheduleFile(bytes(MINI), { fileName: 'mini.mpx' })).toThrow(/parseScheduleFileAsync/);
  });

  it('a damaged MPX file is an ImportError from the async entry too', async () => {
    await expect(parseScheduleFileAsync(bytes('MPX,Microsoft Project for Windows,4.0,ANSI\r\n99,x\r\n'), { fileName: 'bad.mpx' })).rejects.toThrow(/^bad\.mpx: line 2: /);
  });
});

describe.skipIf(!existsSync(LEGACY))("the import worker's read of an MPX file", () => {
  it('returns the schedules as JSON with the detection label, like any import', async () => {
    const buf = readFileSync(LEGACY);
    const phases: string[] = [];
    const out = await readScheduleFile(new Uint8Array(buf).buffer, { fileName: 'mpxj_legacy_sample.mpx' }, (p) => phases.push(p.phase));
    expect(out.kind).toBe('schedules');
    if (out.kind !== 'schedules') return;
    expect(out.detectionLabel).toBe('a Microsoft Project MPX file');
    const schedules = JSON.parse(new TextDecoder().decode(out.schedulesJson)) as Schedule[];
    expect(schedules[0].activities).toHaveLength(16);
    expect(schedules[0].source?.format).toBe('mpx');
    expect(phases).toEqual(expect.arrayContaining(['reading', 'building', 'done']));
  });

  it('a damaged MPX file comes back as an error outcome naming the line', async () => {
    const out = await readScheduleFile(bytes('MPX,Microsoft Project for Windows,4.0,ANSI\r\n30,"cut').buffer as ArrayBuffer, { fileName: 'cut.mpx' });
    expect(out).toMatchObject({ kind: 'error' });
    if (out.kind === 'error') expect(out.message).toMatch(/^cut\.mpx: line 2: a quoted field opens here and never closes/);
  });
});
