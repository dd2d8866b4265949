/**
 * Variance analysis narratives (VARs, issue 13): one per control account per status period, a
 * mutable document `var:<projectId>:<period>:<hash of the node id>` in the project's database. The
 * id is made from what the VAR is about, so two people starting the same VAR on two devices write
 * one document, whose fields merge (sync/mutable.ts), rather than two.
 *
 * Status: draft → submitted → approved. A VAR is written while it is a draft; submitting needs
 * every field (cause, impact, corrective action, owner, due date), and only a submitted VAR is
 * approved. A submitted or approved VAR goes back to draft to be changed.
 */
import { tryToMinutes } from '../../core/model/dates';
import { VAR_OWNER_MAX_CHARS, VAR_TEXT_MAX_CHARS, type SeenToken, type VarFields, type VarKey, type VarStatus, type VarView } from '../contracts';
import { StoreError } from '../store/errors';
import { hashText } from '../store/ids';
import { canonicalJson, readMutable, seenOf, writeFields, type FieldVersion, type Json } from '../sync/mutable';
import type { CollabContext } from './context';

export const VAR_FIELDS: readonly (keyof VarFields)[] = ['cause', 'impact', 'correctiveAction', 'owner', 'dueDate'];
const STATUSES: readonly VarStatus[] = ['draft', 'submitted', 'approved'];

/** How each field is named in messages. */
export const VAR_FIELD_LABELS: Readonly<Record<keyof VarFields, string>> = {
  cause: 'cause',
  impact: 'impact',
  correctiveAction: 'corrective action',
  owner: 'owner',
  dueDate: 'due date',
};

const PERIOD_RE = /^\d{4}-\d{2}-\d{2}$/;

export function checkVarKey(key: unknown): VarKey {
  const k = (key && typeof key === 'object' ? key : {}) as Record<string, unknown>;
  if (typeof k.nodeId !== 'string' || !k.nodeId || k.nodeId.length > 500) throw new StoreError('invalid', 'Earnest could not tell which control account this VAR is for. Open it again from the variance list.');
  if (typeof k.period !== 'string' || !PERIOD_RE.test(k.period) || tryToMinutes(k.period) === null) {
    throw new StoreError('invalid', `"${String(k.period)}" is not a status period: a VAR belongs to the status date of an import (YYYY-MM-DD). Open it again from the variance list.`);
  }
  return {
    nodeId: k.nodeId,
    period: k.period,
    ...(typeof k.code === 'string' ? { code: k.code.slice(0, 300) } : {}),
    ...(typeof k.name === 'string' ? { name: k.name.slice(0, 300) } : {}),
  };
}

export const varDocId = (projectId: string, key: Pick<VarKey, 'nodeId' | 'period'>): string => `var:${projectId}:${key.period}:${hashText(key.nodeId)}`;

/** `fields` checked and trimmed; a message names the field that is too long or not a date. */
export function checkVarFields(fields: unknown): Partial<VarFields> {
  if (!fields || typeof fields !== 'object') throw new StoreError('invalid', 'Nothing to save: the VAR form sent no fields.');
  const out: Partial<VarFields> = {};
  for (const [k, raw] of Object.entries(fields)) {
    if (!(VAR_FIELDS as readonly string[]).includes(k)) throw new StoreError('invalid', `"${k}" is not a field of a VAR (cause, impact, corrective action, owner, due date).`);
    const field = k as keyof VarFields;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw new StoreError('invalid', `The ${VAR_FIELD_LABELS[field]} must be text.`);
    const v = (raw ?? '').trim();
    const max = field === 'owner' ? VAR_OWNER_MAX_CHARS : VAR_TEXT_MAX_CHARS;
    if (field !== 'dueDate' && v.length > max) {
      throw new StoreError('invalid', `The ${VAR_FIELD_LABELS[field]} is ${v.length.toLocaleString('en-GB')} characters long; it holds at most ${max.toLocaleString('en-GB')}. Shorten it.`);
    }
    if (field === 'dueDate' && v && (!PERIOD_RE.test(v) || tryToMinutes(v) === null)) {
      throw new StoreError('invalid', `"${v}" is not a due date: enter the day, month and year.`);
    }
    out[field] = v;
  }
  return out;
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const versionOf = (v: FieldVersion) => ({ value: typeof v.v === 'string' ? v.v : '', ...(v.who ? { who: v.who } : {}), at: v.at });

type Read = NonNullable<Awaited<ReturnType<typeof readMutable>>>;

export function varViewOf(read: Read): VarView | null {
  const d = read.doc as Record<string, unknown>;
  if (d.type !== 'var') return null;
  const status = STATUSES.includes(d.status as VarStatus) ? (d.status as VarStatus) : 'draft';
  const createdAt = str(d.createdAt);
  return {
    id: String(d._id),
    cause: str(d.cause),
    impact: str(d.impact),
    correctiveAction: str(d.correctiveAction),
    owner: str(d.owner),
    dueDate: str(d.dueDate),
    status,
    createdAt,
    updatedAt: str(d.updatedAt) || createdAt,
    conflicts: read.conflicts
      .filter((c) => c.field === 'status' || (VAR_FIELDS as readonly string[]).includes(c.field))
      // Two devices that wrote the same value do not disagree.
      .filter((c) => new Set(c.versions.map((v) => canonicalJson(v.v))).size > 1)
      .map((c) => ({ field: c.field as keyof VarFields | 'status', versions: c.versions.map(versionOf) })),
    seen: seenOf(read) as SeenToken,
  };
}

export async function readVar(c: CollabContext, projectId: string, key: VarKey): Promise<VarView | null> {
  const read = await readMutable(c.db, varDocId(projectId, key));
  return read ? varViewOf(read) : null;
}

/** Every VAR of a project in one status period, by the node id it is about. */
export async function varsOfPeriod(c: CollabContext, projectId: string, period: string): Promise<Map<string, { view: VarView; nodeId: string; code: string; name: string }>> {
  const prefix = `var:${projectId}:${period}:`;
  const res = await c.db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
  const out = new Map<string, { view: VarView; nodeId: string; code: string; name: string }>();
  for (const row of res.rows) {
    const read = await readMutable(c.db, row.id);
    const view = read && varViewOf(read);
    if (!read || !view) continue;
    const d = read.doc as Record<string, unknown>;
    const nodeId = str(d.controlAccount);
    if (nodeId) out.set(nodeId, { view, nodeId, code: str(d.controlAccountCode), name: str(d.controlAccountName) });
  }
  return out;
}

async function requireVar(c: CollabContext, projectId: string, key: VarKey): Promise<VarView> {
  const v = await readVar(c, projectId, key);
  if (!v) throw new StoreError('not-found', 'There is no VAR for this control account in this status period yet: write one and save it as a draft first.');
  return v;
}

export async function saveVar(c: CollabContext, projectId: string, rawKey: unknown, rawFields: unknown, seen?: SeenToken): Promise<VarView> {
  const key = checkVarKey(rawKey);
  const fields = checkVarFields(rawFields);
  c.assertWritable();
  c.requireUser();
  await c.requireProject(projectId);
  const current = await readVar(c, projectId, key);
  if (current && current.status !== 'draft') {
    throw new StoreError('invalid', `This VAR is ${current.status}: return it to draft before changing it, then submit it again.`);
  }
  const fixed: Record<string, Json> = {
    projectId,
    controlAccount: key.nodeId,
    period: key.period,
    createdAt: new Date(c.now()).toISOString(),
    ...(key.code ? { controlAccountCode: key.code } : {}),
    ...(key.name ? { controlAccountName: key.name } : {}),
  };
  // No status is written on creation (none reads as draft), so a VAR started on two devices at once
  // does not conflict on it.
  const changes: Record<string, Json> = { ...fields };
  if (Object.keys(changes).length === 0) {
    if (current) return current;
    changes.cause = '';
  }
  await writeFields(c.db, varDocId(projectId, key), changes, { ...(await c.edit()), create: { type: 'var', fixed }, ...(seen ? { seen } : {}) });
  return requireVar(c, projectId, key);
}

/** What a VAR still lacks before it can be submitted (labels, in form order). */
export function missingForSubmit(v: VarFields): string[] {
  return VAR_FIELDS.filter((f) => !v[f].trim()).map((f) => VAR_FIELD_LABELS[f]);
}

export async function setVarStatus(c: CollabContext, projectId: string, rawKey: unknown, status: unknown): Promise<VarView> {
  const key = checkVarKey(rawKey);
  if (!STATUSES.includes(status as VarStatus)) throw new StoreError('invalid', `"${String(status)}" is not a VAR status: draft, submitted or approved.`);
  c.assertWritable();
  c.requireUser();
  const v = await requireVar(c, projectId, key);
  if (v.conflicts.length > 0) {
    const fields = v.conflicts.map((x) => (x.field === 'status' ? 'status' : VAR_FIELD_LABELS[x.field]));
    throw new StoreError('invalid', `Two versions of the ${fields.join(', ')} of this VAR were written at the same time: choose one before changing its status.`);
  }
  const label = key.name || key.code || 'this control account';
  if (status === v.status) return v;
  if (status === 'submitted') {
    if (v.status !== 'draft') throw new StoreError('invalid', `Only a draft VAR can be submitted; this one is ${v.status}.`);
    const missing = missingForSubmit(v);
    if (missing.length > 0) {
      throw new StoreError('invalid', `The VAR for ${label} cannot be submitted yet: fill in the ${missing.join(', ')}.`);
    }
  }
  if (status === 'approved' && v.status !== 'submitted') {
    throw new StoreError('invalid', 'Only a submitted VAR can be approved: submit it first (every field filled in).');
  }
  await writeFields(c.db, v.id, { status: status as VarStatus }, { ...(await c.edit()), seen: v.seen });
  return requireVar(c, projectId, key);
}

export async function resolveVarConflict(c: CollabContext, projectId: string, rawKey: unknown, field: unknown, value: unknown): Promise<VarView> {
  const key = checkVarKey(rawKey);
  c.assertWritable();
  c.requireUser();
  const v = await requireVar(c, projectId, key);
  let change: Record<string, Json>;
  if (field === 'status') {
    if (!STATUSES.includes(value as VarStatus)) throw new StoreError('invalid', `"${String(value)}" is not a VAR status: draft, submitted or approved.`);
    change = { status: value as string };
  } else {
    change = { ...checkVarFields({ [String(field)]: value }) };
  }
  // No `seen`: the choice has seen every version this device holds.
  await writeFields(c.db, v.id, change, await c.edit());
  return requireVar(c, projectId, key);
}
