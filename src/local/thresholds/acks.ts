/**
 * Acknowledged alerts: a mutable document `ack:<projectId>:<period>:<hash>` per alert, keyed by
 * what the alert is (its rule, i.e. metric and severity, and its node) and the status period it was
 * raised in. The id is made from that key, so two people acknowledging the same alert on two
 * devices write one document. A new status is a new period, so the alert is raised again; a
 * warning turning critical is another rule, so it is raised again too.
 *
 * The one field, `ack`, is { by, byId, at, note } while acknowledged and null once taken back.
 */
import { tryToMinutes } from '../../core/model/dates';
import { ACK_NOTE_MAX_CHARS, ackRuleId, type AlertAck, type AlertKey } from '../contracts';
import type { BreakdownKind } from '../../core/evm/types';
import { StoreError } from '../store/errors';
import { hashText } from '../store/ids';
import { readMutable, writeFields, type EditContext, type Json } from '../sync/mutable';
import type { Db } from '../sync/db';

const PERIOD_RE = /^\d{4}-\d{2}-\d{2}$/;
const KINDS: readonly BreakdownKind[] = ['project', 'wbs', 'control-account', 'code'];

export function checkAlertKey(raw: unknown): AlertKey {
  const k = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof k.ruleId !== 'string' || !k.ruleId || k.ruleId.length > 200) throw new StoreError('invalid', 'Earnest could not tell which alert this is. Open the alerts again and choose it from the list.');
  if (typeof k.nodeId !== 'string' || !k.nodeId || k.nodeId.length > 500 || !KINDS.includes(k.nodeKind as BreakdownKind)) {
    throw new StoreError('invalid', 'Earnest could not tell which project element this alert is on. Open the alerts again and choose it from the list.');
  }
  if (typeof k.period !== 'string' || !PERIOD_RE.test(k.period) || tryToMinutes(k.period) === null) {
    throw new StoreError('invalid', `"${String(k.period)}" is not a status period: an alert is acknowledged at the status date of an import (YYYY-MM-DD).`);
  }
  return { ruleId: ackRuleId(k.ruleId), nodeId: k.nodeId, nodeKind: k.nodeKind as BreakdownKind, period: k.period };
}

export const ackDocId = (projectId: string, key: AlertKey): string => `ack:${projectId}:${key.period}:${hashText(`${ackRuleId(key.ruleId)}|${key.nodeKind}|${key.nodeId}`)}`;

export function checkNote(raw: unknown): string {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw new StoreError('invalid', 'The note must be text.');
  const note = (raw ?? '').trim();
  if (note.length > ACK_NOTE_MAX_CHARS) {
    throw new StoreError('invalid', `The note is ${note.length.toLocaleString('en-GB')} characters long; it holds at most ${ACK_NOTE_MAX_CHARS.toLocaleString('en-GB')}. Shorten it, or write the rest as a comment on the alert.`);
  }
  return note;
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');

function ackOf(doc: Record<string, unknown>): AlertAck | null {
  if (doc.type !== 'ack') return null;
  const a = doc.ack as Record<string, unknown> | null | undefined;
  if (!a || typeof a !== 'object') return null;
  const kind = KINDS.includes(doc.nodeKind as BreakdownKind) ? (doc.nodeKind as BreakdownKind) : 'wbs';
  return { ruleId: str(doc.ruleId), nodeId: str(doc.nodeId), nodeKind: kind, period: str(doc.period), by: str(a.by) || 'A teammate', at: str(a.at), note: str(a.note) };
}

export async function acksOfPeriod(db: Db, projectId: string, period: string): Promise<AlertAck[]> {
  const prefix = `ack:${projectId}:${period}:`;
  const res = await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
  const out: AlertAck[] = [];
  for (const row of res.rows) {
    const read = await readMutable(db, row.id);
    const ack = read && ackOf(read.doc);
    if (ack) out.push(ack);
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export async function writeAck(db: Db, projectId: string, key: AlertKey, value: { by: string; byId: string; note: string } | null, edit: EditContext, now: number): Promise<AlertAck | null> {
  const id = ackDocId(projectId, key);
  const at = new Date(now).toISOString();
  const ack: Json = value ? { by: value.by, byId: value.byId, at, note: value.note } : null;
  const fixed: Record<string, Json> = { projectId, period: key.period, ruleId: key.ruleId, nodeKind: key.nodeKind, nodeId: key.nodeId, createdAt: at };
  await writeFields(db, id, { ack }, { ...edit, create: { type: 'ack', fixed } });
  const read = await readMutable(db, id);
  return read ? ackOf(read.doc) : null;
}
