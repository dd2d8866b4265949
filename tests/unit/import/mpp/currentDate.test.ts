/**
 * MS Project's current date and .mpp files (see the note on `P` in src/core/import/mpp/project.ts).
 *
 * MSPDI writes CurrentDate; the .mpp keeps no such value (searched for in every corpus file: no
 * Props entry of any table holds the twin's CurrentDate except where it coincides with the project
 * start or creation). These tests hold the evidence for that decision on the corpus twins (corpus
 * README, "Same project in several formats"): each XML's CurrentDate is the day that XML was
 * written, at 08:00, so it is not a plan setting an .mpp could agree with; the .mpp's creation
 * timestamp is where the reader would have found a stored date; and an .mpp's status date then
 * follows the file's own dates.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMppDocument, readMpp } from '../../../../src/core/import/mpp';
import { statusDateFromFile } from '../../../../src/core/model/statusDate';
import { propOf } from './propsRewrite';
import { MPP_TWINS as TWINS, SAMPLES } from './twins';

const haveSamples = existsSync(path.join(SAMPLES, 'mpp'));
if (!haveSamples) console.warn(`[mpp current date tests] sample corpus not found at ${SAMPLES}; skipped.`);


const xmlOf = (f: string) => readFileSync(path.join(SAMPLES, 'mspdi', f), 'utf8');
/** The first `<tag>` of the XML's Project element (they come before any Task). */
const projectField = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml.slice(0, xml.indexOf('<Tasks>')))?.[1];
const mppBytes = (f: string) => new Uint8Array(readFileSync(path.join(SAMPLES, 'mpp', f)));

/** A Props timestamp (tenths of a minute, then days since 1983-12-31) as `YYYY-MM-DDTHH:MM`. */
function timestamp(raw: Uint8Array | undefined): string | undefined {
  if (!raw || raw.length < 4) return undefined;
  const v = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const at = new Date(Date.UTC(1983, 11, 31) + v.getUint16(2, true) * 86_400_000 + Math.floor(v.getUint16(0, true) / 10) * 60_000);
  return at.toISOString().slice(0, 16);
}

describe.skipIf(!haveSamples)('current date in .mpp files and their XML twins', () => {
  it("each XML twin's CurrentDate is the day it was written, at 08:00: MS Project's 'today', not a plan value", () => {
    for (const [, xmlFile] of TWINS) {
      const xml = xmlOf(xmlFile);
      const current = projectField(xml, 'CurrentDate');
      const lastSaved = projectField(xml, 'LastSaved');
      expect(current, xmlFile).toBeDefined();
      expect(current, xmlFile).toBe(`${lastSaved!.slice(0, 10)}T08:00:00`);
    }
  });

  it("the .mpp's stored dates are creation and last save; creation matches the twin's CreationDate when both come from one file", () => {
    let same = 0;
    for (const [mppFile, xmlFile] of TWINS) {
      const bytes = mppBytes(mppFile);
      const version = parseMppDocument(bytes).project.saveVersion;
      const dir = version === 9 ? '   19' : version === 12 ? '   112' : '   114';
      const created = timestamp(propOf(bytes, `/${dir}/Props`, 37748742));
      const saved = timestamp(propOf(bytes, `/${dir}/Props`, 37748743));
      expect(created, mppFile).toBeDefined();
      expect(saved! >= created!, mppFile).toBe(true);
      if (created === projectField(xmlOf(xmlFile), 'CreationDate')?.slice(0, 16)) same++;
    }
    // All but one: mpxj_mpp9assignmentfields.mpp says 12:06 where its XML twin (written from the
    // MPP14 copy) says 08:00 on the same day; the MPP9 copy was made separately.
    expect(same).toBe(TWINS.length - 1);
  });

  it('an .mpp reads with no current date, and its status date comes from its own dates, as the rule says', () => {
    for (const [mppFile] of TWINS) {
      const doc = parseMppDocument(mppBytes(mppFile));
      expect(doc.project.currentDate, mppFile).toBeUndefined();
      const schedule = readMpp(mppBytes(mppFile), { fileName: mppFile }).schedules[0];
      expect(schedule.project.currentDate, mppFile).toBeUndefined();
      const choice = statusDateFromFile(schedule);
      if (schedule.project.dataDate) expect(choice?.source, mppFile).toBe('status-date');
      else expect(choice?.source ?? 'none', mppFile).not.toBe('current-date');
    }
  });
});
