/**
 * Custom field aliases in .mpp files (src/core/import/mpp/aliases.ts).
 *
 * No file of the sample corpus has a renamed custom field: every MPP12/14 alias block there is
 * empty (count 0) and every MPP9 alias list holds only empty names, and no MSPDI twin has an
 * ExtendedAttribute Alias. So the decoders are tested on bytes built the way the layout is
 * documented (MPXJ's CustomFieldReader12/14 and MPP9Reader), and end to end on real corpus files
 * whose Props gain such a block (tests/unit/import/mpp/propsRewrite.ts); the corpus itself is
 * checked to read with no alias.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMppDocument, readMpp } from '../../../../src/core/import/mpp';
import { ALIAS_KEYS, readAliasBlock, readMpp9TaskAliases } from '../../../../src/core/import/mpp/aliases';
import { aliasBlock, mpp9AliasList, propOf, withProp } from './propsRewrite';

const MPP_DIR = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mpp');
const haveSamples = existsSync(MPP_DIR);
if (!haveSamples) console.warn(`[mpp alias tests] sample corpus not found at ${MPP_DIR}; the corpus tests are skipped.`);
const bytesOf = (f: string) => new Uint8Array(readFileSync(path.join(MPP_DIR, f)));

const COST1 = 0x0b400000 + 106;
const COST10 = 0x0b400000 + 264;
const TEXT1 = 0x0b400000 + 51;

describe('MPP12/14 alias block', () => {
  it('reads each field ID with its alias', () => {
    const block = aliasBlock([[COST1, 'Contingency'], [TEXT1, 'Trade package'], [COST10, 'Risk £ (Ω)']]);
    expect([...readAliasBlock(block)]).toEqual([[COST1, 'Contingency'], [TEXT1, 'Trade package'], [COST10, 'Risk £ (Ω)']]);
  });

  it('an empty block (count 0, as every corpus file has) gives no alias; so does a missing one', () => {
    expect(readAliasBlock(aliasBlock([])).size).toBe(0);
    expect(readAliasBlock(undefined).size).toBe(0);
    expect(readAliasBlock(new Uint8Array(5)).size).toBe(0);
  });

  it('skips empty names and stays inside the block when the count or offsets are damaged', () => {
    const block = aliasBlock([[COST1, ''], [TEXT1, 'Trade']]);
    expect([...readAliasBlock(block)]).toEqual([[TEXT1, 'Trade']]);
    const lying = block.slice();
    new DataView(lying.buffer).setUint32(8, 0xffffffff, true); // count far past the block
    new DataView(lying.buffer).setUint32(16, 0x7ffffff0, true); // first offset past the data
    const t0 = performance.now();
    expect([...readAliasBlock(lying)]).toEqual([[TEXT1, 'Trade']]);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('MPP9 alias list', () => {
  it('maps list positions to the fields MS Project 2000–2003 keeps them for', () => {
    const list = mpp9AliasList(319, { 118: 'Trade', 278: 'Contingency', 287: 'Risk', 149: 'Qty', 159: 'Lead time', 213: 'Area', 310: '\u001d' });
    expect(Object.fromEntries(readMpp9TaskAliases(list))).toEqual({ Text1: 'Trade', Cost1: 'Contingency', Cost10: 'Risk', Number1: 'Qty', Duration1: 'Lead time', Text30: 'Area' });
  });

  it('a list cut short gives the aliases before the cut', () => {
    const list = mpp9AliasList(319, { 118: 'Trade', 278: 'Contingency' });
    expect(Object.fromEntries(readMpp9TaskAliases(list.subarray(0, list.length / 2)))).toEqual({ Text1: 'Trade' });
  });
});

describe.skipIf(!haveSamples)('aliases in real .mpp files', () => {
  it('no corpus file has a renamed custom field, and every one reads without an alias', () => {
    for (const f of readdirSync(MPP_DIR).filter((x) => x.endsWith('.mpp'))) {
      const doc = parseMppDocument(bytesOf(f), { fileName: f });
      expect(doc.fields.filter((d) => d.alias !== undefined), f).toEqual([]);
    }
  });

  it('MPP14: a Cost1 renamed "Contingency" puts its values on the activities under that name', () => {
    const original = bytesOf('mpxj_task-costs-project2019-mpp14.mpp');
    const path14 = '/   114/TBkndTask/Props';
    const block = propOf(original, path14, ALIAS_KEYS.customFields);
    expect(block, 'the task table has a custom field block').toBeDefined();
    const rest = block!.subarray(4 + new DataView(block!.buffer, block!.byteOffset).getUint32(0, true));
    const renamed = withProp(original, path14, ALIAS_KEYS.customFields, aliasBlock([[COST1, 'Contingency'], [TEXT1, 'Trade']], rest));

    const before = readMpp(original).schedules[0].activities;
    const after = readMpp(renamed).schedules[0].activities;
    const withCost1 = before.filter((a) => a.udf?.Cost1 !== undefined);
    expect(withCost1.length, 'the plan has Cost1 values').toBeGreaterThan(0);
    for (const a of after) {
      const b = before.find((x) => x.id === a.id)!;
      expect(a.udf?.Contingency, a.name).toBe(b.udf?.Cost1);
      expect(a.udf?.Cost1, a.name).toBeUndefined();
      // Fields not renamed keep their names.
      expect(a.udf?.Cost2, a.name).toBe(b.udf?.Cost2);
    }
    // A renamed field with no value anywhere is defined (as MS Project's XML does) but sets nothing.
    const doc = parseMppDocument(renamed);
    expect(doc.fields.find((d) => d.fieldId === TEXT1)).toEqual({ fieldId: TEXT1, fieldName: 'Text1', alias: 'Trade' });
    expect(after.some((a) => a.udf?.Trade !== undefined)).toBe(false);
  });

  it('MPP9: an alias list in the project Props names the task fields', () => {
    const original = bytesOf('mpxj_task-baselines-project2003-mpp9.mpp');
    const path9 = '/   19/Props';
    const list = propOf(original, path9, ALIAS_KEYS.mpp9Task);
    expect(list, 'the project Props have a task alias list').toBeDefined();
    const renamed = withProp(original, path9, ALIAS_KEYS.mpp9Task, mpp9AliasList(319, { 278: 'Contingency', 118: 'Trade' }));
    const doc = parseMppDocument(renamed);
    expect(doc.fields.filter((d) => d.alias)).toEqual([
      { fieldId: COST1, fieldName: 'Cost1', alias: 'Contingency' },
      { fieldId: TEXT1, fieldName: 'Text1', alias: 'Trade' },
    ]);
  });
});
