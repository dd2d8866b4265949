/**
 * Change-control documents in the project's team database (so they work offline and sync with the
 * team, like comments and VARs, src/local/collab):
 *
 *   change:<projectId>:<changeId>       a change request: a mutable document (sync/mutable.ts; its type
 *                                       is `changeType`, `type` being the document's), its
 *                                       fields merged one by one; two devices' edits of one field
 *                                       are both kept as a conflict until someone chooses
 *   budgetbase:<projectId>:base         the starting management reserve and undistributed budget (mutable)
 *   craudit:<projectId>:<changeId|reserves>:<entryId>
 *                                       one audit entry: written once, never changed, so entries made
 *                                       on two devices never conflict and the trail only grows
 *
 * This module reads and checks them; log.ts writes them.
 */
import { CHANGE_STATUSES, CHANGE_TYPES, type ChangeCore, type ChangeLine, type ChangeStatus, type ChangeType } from '../../core/changes/types';
import { tryToMinutes } from '../../core/model/dates';
import type { ChangeFields, ChangePerson, ChangeView, SeenToken } from '../contracts';
import { StoreError } from '../store/errors';
import { isValidId } from '../store/ids';
import { canonicalJson, seenOf, type FieldVersion, type Json, type readMutable } from '../sync/mutable';

export const changeDocId = (projectId: string, changeId: string): string => `change:${projectId}:${changeId}`;
export const baseDocId = (projectId: string): string => `budgetbase:${projectId}:base`;
export const auditPrefix = (projectId: string, changeId?: string | null): string => `craudit:${projectId}:${changeId === undefined ? '' : `${changeId ?? 'reserves'}:`}`;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const LINES_MAX = 500;
/** No single line moves more than this: a typo of a few extra zeros is caught, not planned. */
export const AMOUNT_MAX = 1e13;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const KINDS = new Set(['wbs', 'control-account', 'code', 'project']);

export function checkChangeId(id: unknown): string {
  if (typeof id !== 'string' || !isValidId(id)) throw new StoreError('invalid', 'That change id is not valid. Reload the Changes tab and try again.');
  return id;
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');

function checkLine(raw: unknown, i: number): ChangeLine {
  const where = `Line ${i + 1}`;
  const l = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const a = (l.account && typeof l.account === 'object' ? l.account : {}) as Record<string, unknown>;
  if (typeof a.id !== 'string' || !a.id || a.id.length > 500 || typeof a.kind !== 'string' || !KINDS.has(a.kind))
    throw new StoreError('invalid', `${where} has no control account: pick one from the project's breakdown.`);
  const from = str(l.from);
  const to = str(l.to);
  if (!DAY_RE.test(from) || tryToMinutes(from) === null || !DAY_RE.test(to) || tryToMinutes(to) === null || to < from)
    throw new StoreError('invalid', `${where} has no period: pick one of the project's periods.`);
  const amount = typeof l.amount === 'number' ? l.amount : Number.NaN;
  if (!Number.isFinite(amount)) throw new StoreError('invalid', `${where}: the amount is not a number. Enter it in the project's currency, negative to remove budget.`);
  if (Math.abs(amount) > AMOUNT_MAX) throw new StoreError('invalid', `${where}: ${amount.toLocaleString('en-GB')} is more than any one line can move. Check the number of zeros.`);
  return {
    account: { id: a.id, kind: a.kind as ChangeLine['account']['kind'], code: str(a.code).slice(0, 300), name: str(a.name).slice(0, 300) },
    from,
    to,
    period: str(l.period).slice(0, 100) || `${from} – ${to}`,
    amount,
  };
}

/** The fields a page sent, checked and trimmed; a message says which one is wrong and how. */
export function checkChangeFields(raw: unknown): Partial<ChangeFields> {
  if (!raw || typeof raw !== 'object') throw new StoreError('invalid', 'Nothing to save: the change form sent no fields.');
  const f = raw as Record<string, unknown>;
  const out: Partial<ChangeFields> = {};
  for (const k of Object.keys(f)) if (!['title', 'type', 'description', 'lines'].includes(k)) throw new StoreError('invalid', `"${k}" is not a field of a change (title, type, description, budget lines).`);
  if (f.title !== undefined) {
    const t = str(f.title).trim();
    if (t.length > TITLE_MAX) throw new StoreError('invalid', `The title is ${t.length} characters long; it holds at most ${TITLE_MAX}. Put the detail in the description.`);
    out.title = t;
  }
  if (f.type !== undefined) {
    if (!(CHANGE_TYPES as readonly string[]).includes(str(f.type))) throw new StoreError('invalid', `"${String(f.type)}" is not a type of change: scope, re-plan, management reserve draw or undistributed budget.`);
    out.type = f.type as ChangeType;
  }
  if (f.description !== undefined) {
    const d = str(f.description).trim();
    if (d.length > DESCRIPTION_MAX) throw new StoreError('invalid', `The description is ${d.length.toLocaleString('en-GB')} characters long; it holds at most ${DESCRIPTION_MAX.toLocaleString('en-GB')}. Shorten it.`);
    out.description = d;
  }
  if (f.lines !== undefined) {
    if (!Array.isArray(f.lines)) throw new StoreError('invalid', 'The budget lines were not sent as a list. Reload the Changes tab and try again.');
    if (f.lines.length > LINES_MAX) throw new StoreError('invalid', `A change holds at most ${LINES_MAX} budget lines; this one has ${f.lines.length}. Split it into several changes.`);
    out.lines = f.lines.map(checkLine);
  }
  return out;
}

const person = (x: unknown): ChangePerson | null => {
  const p = (x && typeof x === 'object' ? x : null) as Record<string, unknown> | null;
  return p && typeof p.id === 'string' ? { id: p.id, name: str(p.name) || 'A teammate' } : null;
};

export const formatNumber = (n: number): string => `CR-${String(n).padStart(3, '0')}`;

type Read = NonNullable<Awaited<ReturnType<typeof readMutable>>>;

const versionOf = (v: FieldVersion) => ({ value: v.v as unknown, ...(v.who ? { who: v.who } : {}), at: v.at });

/** A change document as the log shows it (its number not yet checked against the others); null when malformed. */
export function changeViewOf(read: Read): (ChangeView & { seq: number }) | null {
  const d = read.doc as Record<string, unknown>;
  if (d.type !== 'change' || typeof d.projectId !== 'string') return null;
  const id = String(d._id).slice(`change:${d.projectId}:`.length);
  let lines: ChangeLine[];
  try {
    lines = Array.isArray(d.lines) ? d.lines.map(checkLine) : [];
  } catch {
    lines = [];
  }
  const status = (CHANGE_STATUSES as readonly string[]).includes(str(d.status)) ? (d.status as ChangeStatus) : 'draft';
  const type = (CHANGE_TYPES as readonly string[]).includes(str(d.changeType)) ? (d.changeType as ChangeType) : 'scope';
  const seq = typeof d.number === 'number' && Number.isInteger(d.number) && d.number > 0 ? d.number : 0;
  const createdAt = str(d.createdAt);
  return {
    id,
    seq,
    number: formatNumber(seq),
    duplicateNumber: false,
    title: str(d.title),
    type,
    description: str(d.description),
    lines,
    status,
    requester: person(d.requester),
    requestedAt: str(d.requestedAt) || null,
    approver: person(d.approver),
    decidedAt: str(d.decidedAt) || null,
    decisionNote: str(d.decisionNote),
    approvedStatusDate: str(d.approvedStatusDate) || null,
    createdAt,
    createdBy: person(d.createdBy) ?? { id: '', name: 'A teammate' },
    updatedAt: str(d.updatedAt) || createdAt,
    total: lines.reduce((s, l) => s + l.amount, 0),
    // Two devices that wrote the same value do not disagree.
    conflicts: read.conflicts
      .filter((c) => new Set(c.versions.map((v) => canonicalJson(v.v))).size > 1)
      .map((c) => ({ field: c.field === 'changeType' ? 'type' : c.field, versions: c.versions.map(versionOf) })),
    seen: seenOf(read) as SeenToken,
  };
}

/**
 * Numbers made unique for display: of changes sharing a number (claimed on two devices offline),
 * the one created first keeps it; the others show it with the end of their id. Same answer on
 * every device, whatever order the documents arrived in.
 */
export function numbered<T extends ChangeView & { seq: number }>(views: T[]): T[] {
  const sorted = [...views].sort((a, b) => a.seq - b.seq || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
  const seen = new Set<number>();
  return sorted.map((v) => {
    if (!seen.has(v.seq)) {
      seen.add(v.seq);
      return v;
    }
    return { ...v, number: `${formatNumber(v.seq)}-${v.id.slice(-4)}`, duplicateNumber: true };
  });
}

export const coreOf = (v: ChangeView): ChangeCore => ({
  number: v.number,
  title: v.title,
  type: v.type,
  status: v.status,
  lines: v.lines,
  approvedStatusDate: v.approvedStatusDate,
  decidedAt: v.decidedAt,
});

/** Field names as stored: a document's `type` is its kind, so a change's type is `changeType`. */
export const docField = (field: string): string => (field === 'type' ? 'changeType' : field);
export const docFields = (fields: Record<string, unknown>): Record<string, Json> => Object.fromEntries(Object.entries(fields).map(([k, v]) => [docField(k), v as Json]));
