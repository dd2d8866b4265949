/**
 * A large .mpp for the speed check, made from a real one: every task-level block of a corpus
 * plan (FixedMeta/FixedData, Fixed2Meta/Fixed2Data, VarMeta/Var2Data of TBkndTask, and the link
 * records of TBkndCons) gets `count` more tasks, each a copy of one real leaf task with its own
 * unique ID, ID and name, linked finish-to-start to the one before. The container is rewritten
 * with the `cfb` package (a writer; the reader under test is our own). No MS Project file of
 * that size is public, so this is the honest substitute: real records, real layout, more of them.
 */
import * as CFB from 'cfb';
import { parseMppDocument } from '../../../../src/core/import/mpp';

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function utf16(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2 + 2);
  for (let i = 0; i < text.length; i++) le(out).setUint16(i * 2, text.charCodeAt(i), true);
  return out;
}

export function enlargeMpp(original: Uint8Array, count: number): Uint8Array {
  const doc = parseMppDocument(original);
  const leaves = [...doc.tasks].reverse().filter((t) => !t.isNull && t.uid !== 0 && t.name && !doc.tasks.some((c) => (c.outlineLevel ?? 0) > (t.outlineLevel ?? 0) && (c.id ?? 0) === (t.id ?? 0) + 1));
  // New unique IDs start well above the plan's: the blocks also hold records of deleted tasks
  // whose IDs the plan no longer shows, and a copy must not collide with those.
  const maxUid = Math.max(...doc.tasks.map((t) => t.uid ?? 0)) + 100_000;
  const maxId = Math.max(...doc.tasks.map((t) => t.id ?? 0));

  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const entry = (p: string) => {
    const e = CFB.find(cfb, p);
    if (!e) throw new Error(`no ${p}`);
    return e;
  };
  const get = (p: string) => new Uint8Array(entry(p).content as ArrayLike<number> as Uint8Array);
  const put = (p: string, data: Uint8Array) => {
    const e = entry(p);
    e.content = Buffer.from(data) as unknown as CFB.CFB$Blob;
    e.size = data.length;
  };
  const dir = '/   114/TBkndTask/';
  const meta = get(dir + 'FixedMeta');
  const data = get(dir + 'FixedData');
  const meta2 = get(dir + 'Fixed2Meta');
  const data2 = get(dir + 'Fixed2Data');
  const varMeta = get(dir + 'VarMeta');
  const var2 = get(dir + 'Var2Data');

  // Locate the template's records: the FixedMeta item whose record starts with its unique ID.
  const itemSize = 47;
  const items = Math.floor((meta.length - 16) / itemSize);
  const offsets = Array.from({ length: items }, (_, i) => le(meta).getInt32(16 + i * itemSize + 4, true));
  // Unique ID and ID are the record's first two ints, in an order that varies between writers.
  const recordAt = (uid: number | undefined, at: number) => offsets.findIndex((o, i) => o >= 0 && o + 8 <= data.length && le(data).getInt32(o + at, true) === uid && !(le(meta).getInt32(16 + i * itemSize, true) & 2));
  const hits = (at: number) => doc.tasks.filter((t) => !t.isNull && recordAt(t.uid, at) >= 0 && recordAt(t.id, 4 - at) === recordAt(t.uid, at)).length;
  const uidAt = hits(0) >= hits(4) ? 0 : 4;
  const recordOf = (uid: number | undefined) => recordAt(uid, uidAt);
  const template = leaves.find((l) => recordOf(l.uid) >= 0);
  if (!template || template.uid === undefined) throw new Error('no leaf task to copy');
  const t = recordOf(template.uid);
  // A record runs to the next record's start (records are not always in item order).
  const end = (all: number[], at: number, total: number) => Math.min(total, ...all.filter((o) => o > at));
  const record = data.slice(offsets[t], end(offsets, offsets[t], data.length));
  const item2Size = [92, 93, 94, 95, 96].find((s) => (meta2.length - 16) % s === 0 && (meta2.length - 16) / s === items) ?? 92;
  const offsets2 = Array.from({ length: items }, (_, i) => le(meta2).getInt32(16 + i * item2Size + 4, true));
  const record2 = data2.slice(offsets2[t], end(offsets2, offsets2[t], data2.length));

  // Var data of the template: (key, bytes) pairs.
  const vCount = le(varMeta).getInt32(8, true);
  const vars: [number, Uint8Array][] = [];
  for (let i = 0, p = 24; i < vCount; i++, p += 12) {
    if (le(varMeta).getInt32(p, true) !== template.uid) continue;
    const key = le(varMeta).getUint16(p + 8, true);
    const off = le(varMeta).getInt32(p + 4, true);
    const size = le(var2).getInt32(off, true);
    vars.push([key, var2.slice(off + 4, off + 4 + size)]);
  }

  const newMeta: Uint8Array[] = [meta];
  const newData: Uint8Array[] = [data];
  const newMeta2: Uint8Array[] = [meta2];
  const newData2: Uint8Array[] = [data2];
  const newVarItems: Uint8Array[] = [varMeta.slice(0, 24 + 12 * vCount)]; // items go right after the counted ones
  const newVar2: Uint8Array[] = [var2];
  let dataLen = data.length;
  let data2Len = data2.length;
  let var2Len = var2.length;
  const metaItem = meta.slice(16 + t * itemSize, 16 + (t + 1) * itemSize);
  const meta2Item = meta2.slice(16 + t * item2Size, 16 + (t + 1) * item2Size);
  for (let k = 1; k <= count; k++) {
    const uid = maxUid + k;
    const r = record.slice();
    le(r).setInt32(uidAt, uid, true);
    le(r).setInt32(4 - uidAt, maxId + k, true);
    const m = metaItem.slice();
    le(m).setInt32(4, dataLen, true);
    newData.push(r);
    newMeta.push(m);
    dataLen += r.length;
    const r2 = record2.slice();
    const m2 = meta2Item.slice();
    le(m2).setInt32(4, data2Len, true);
    newData2.push(r2);
    newMeta2.push(m2);
    data2Len += r2.length;
    for (const [key, bytes] of vars) {
      const value = key === 14 ? utf16(`Synthetic task ${k}`) : bytes;
      const item = new Uint8Array(12);
      le(item).setInt32(0, uid, true);
      le(item).setInt32(4, var2Len, true);
      le(item).setUint16(8, key, true);
      const v = new Uint8Array(4 + value.length + (value.length & 1));
      le(v).setInt32(0, value.length, true);
      v.set(value, 4);
      newVarItems.push(item);
      newVar2.push(v);
      var2Len += v.length;
    }
  }
  const fm = concat(newMeta);
  le(fm).setInt32(8, items + count, true);
  const fm2 = concat(newMeta2);
  le(fm2).setInt32(8, items + count, true);
  const vm = concat(newVarItems);
  le(vm).setInt32(8, vCount + count * vars.length, true);
  le(vm).setInt32(20, var2Len, true);
  put(dir + 'FixedMeta', fm);
  put(dir + 'FixedData', concat(newData));
  put(dir + 'Fixed2Meta', fm2);
  put(dir + 'Fixed2Data', concat(newData2));
  put(dir + 'VarMeta', vm);
  put(dir + 'Var2Data', concat(newVar2));

  // Links: 10-byte FixedMeta items, 20-byte records (ID, predecessor, successor, type, lag, unit).
  const cons = '/   114/TBkndCons/';
  const cMeta = get(cons + 'FixedMeta');
  const cData = get(cons + 'FixedData');
  const cItems = Math.floor((cMeta.length - 16) / 10);
  const maxLink = Math.max(0, ...Array.from({ length: Math.floor(cData.length / 20) }, (_, i) => le(cData).getInt32(i * 20, true)));
  const linkMeta: Uint8Array[] = [cMeta];
  const linkData: Uint8Array[] = [cData];
  for (let k = 2; k <= count; k++) {
    const m = new Uint8Array(10);
    le(m).setInt32(4, cData.length + (k - 2) * 20, true);
    const r = new Uint8Array(20);
    le(r).setInt32(0, maxLink + k, true);
    le(r).setInt32(4, maxUid + k - 1, true);
    le(r).setInt32(8, maxUid + k, true);
    le(r).setUint16(12, 1, true);
    le(r).setUint16(18, 7, true);
    linkMeta.push(m);
    linkData.push(r);
  }
  const lm = concat(linkMeta);
  le(lm).setInt32(8, cItems + count - 1, true);
  put(cons + 'FixedMeta', lm);
  put(cons + 'FixedData', concat(linkData));

  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/**
 * The same plan with MS Project's "password to open" set: the root Props14 gains the password
 * flag (key 893386752, bit 0) and a protection-password hash (key 893386756), which is what a
 * password-protected .mpp carries (MPXJ's MPP14 reader refuses exactly this pair).
 */
export function withOpenPassword(original: Uint8Array): Uint8Array {
  const cfb = CFB.read(Buffer.from(original) as unknown as CFB.CFB$Blob, { type: 'buffer' });
  const e = CFB.find(cfb, '/Props14');
  if (!e) throw new Error('no Props14');
  const props = new Uint8Array(e.content as ArrayLike<number> as Uint8Array);
  const entry = (key: number, value: Uint8Array) => {
    const out = new Uint8Array(12 + value.length + (value.length & 1));
    le(out).setInt32(0, value.length, true);
    le(out).setInt32(4, key, true);
    out.set(value, 12);
    return out;
  };
  const head = props.slice();
  const count = le(head).getUint16(12, true);
  le(head).setUint16(12, count + 2, true);
  // New properties go right after the counted ones (a later entry for a key wins, as in MS Project's files).
  let end = 16;
  for (let i = 0; i < count; i++) {
    const size = le(head).getInt32(end, true);
    end += 12 + size + (size & 1);
  }
  const data = concat([head.subarray(0, end), entry(893386752, new Uint8Array([1, 0])), entry(893386756, new Uint8Array(64).fill(7)), head.subarray(end)]);
  e.content = Buffer.from(data) as unknown as CFB.CFB$Blob;
  e.size = data.length;
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}
