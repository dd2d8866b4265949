/**
 * The change log's writes and reads (docs.ts says where each document lives). Every write leaves
 * an audit entry: who, when, what, and each field's value before and after.
 *
 * Who may do what: anyone who may write to the project's team (not a viewer: CollabContext refuses
 * them, as the gateway would) creates, edits and submits changes; approving and rejecting needs an
 * editor, admin or owner (`canApprove`).
 */
import { reconcile } from '../../core/changes/reconcile';
import { approveProblems, editProblem, submitProblems, transitionProblem } from '../../core/changes/transitions';
import { CHANGE_STATUSES, type ChangeStatus } from '../../core/changes/types';
import type { TeamRole } from '../../core/api/teams';
import type { ChangeAuditAction, ChangeAuditEntry, ChangeFields, ChangePerson, ChangeView, ReserveBaseView, SeenToken } from '../contracts';
import type { CollabContext } from '../collab/context';
import { StoreError } from '../store/errors';
import { newId, rangeOf } from '../store/ids';
import { canonicalJson, deleteMutable, readMutable, seenOf, writeFields, type Json } from '../sync/mutable';
import { auditPrefix, baseDocId, changeDocId, changeViewOf, checkChangeFields, checkChangeId, coreOf, docField, docFields, formatNumber, numbered } from './docs';

export const APPROVER_ROLES: readonly TeamRole[] = ['owner', 'admin', 'editor'];

export interface ChangeContext extends CollabContext {
  /** The user's role in the project's team. */
  role: TeamRole;
  /** The project's latest status date (what an approval takes effect from); null without one. */
  statusDate(): Promise<string | null>;
  /** Tells the pages that the figures may have changed (an approval, the reserves). */
  notify(): void;
}

function me(c: ChangeContext): ChangePerson {
  if (!c.userId) throw new StoreError('invalid', 'Sign in to record changes: each change and its audit trail carry who made them.');
  return c.requireUser();
}

type Viewed = ChangeView & { seq: number };

export async function listChangeViews(c: Pick<ChangeContext, 'db'>, projectId: string): Promise<Viewed[]> {
  const res = await c.db.allDocs({ ...rangeOf(`change:${projectId}:`) });
  const out: Viewed[] = [];
  for (const row of res.rows) {
    const read = await readMutable(c.db, row.id);
    const v = read && changeViewOf(read);
    if (v) out.push(v);
  }
  return numbered(out);
}

async function requireChange(c: ChangeContext, projectId: string, changeId: string): Promise<Viewed> {
  const v = (await listChangeViews(c, projectId)).find((x) => x.id === changeId);
  if (!v) throw new StoreError('not-found', 'That change is no longer here: it was deleted, on this device or by a teammate. The log shows what is left.');
  return v;
}

async function audit(c: ChangeContext, projectId: string, changeId: string | null, action: ChangeAuditAction, fields: ChangeAuditEntry['fields'], extra: { number?: string; note?: string } = {}): Promise<void> {
  const at = c.now();
  const entryId = newId(at);
  const who = c.userId ? me(c) : null;
  // Written once with a fresh id: entries from two devices never conflict, the trail only grows.
  await c.db.put({
    _id: `${auditPrefix(projectId, changeId)}${entryId}`,
    type: 'craudit',
    projectId,
    changeId,
    at: new Date(at).toISOString(),
    who,
    action,
    fields: fields as unknown as Json,
    ...(extra.number ? { number: extra.number } : {}),
    ...(extra.note ? { note: extra.note } : {}),
  });
}

const diff = (before: Record<string, unknown>, after: Record<string, unknown>): ChangeAuditEntry['fields'] =>
  Object.keys(after)
    .filter((k) => canonicalJson(before[k] ?? null) !== canonicalJson(after[k] ?? null))
    .map((k) => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));

export async function createChange(c: ChangeContext, projectId: string, raw: unknown): Promise<ChangeView> {
  const fields = checkChangeFields(raw);
  c.assertWritable();
  const who = me(c);
  await c.requireProject(projectId);
  const all = await listChangeViews(c, projectId);
  const seq = Math.max(0, ...all.map((v) => v.seq)) + 1;
  const at = c.now();
  const changeId = newId(at);
  const initial: Record<string, Json> = { title: '', type: 'scope', description: '', lines: [], ...(fields as unknown as Record<string, Json>), status: 'draft', number: seq };
  await writeFields(c.db, changeDocId(projectId, changeId), docFields(initial), {
    ...(await c.edit()),
    create: { type: 'change', fixed: { projectId, createdAt: new Date(at).toISOString(), createdBy: { id: who.id, name: who.name } } },
  });
  await audit(c, projectId, changeId, 'created', diff({}, initial), { number: formatNumber(seq) });
  return requireChange(c, projectId, changeId);
}

export async function editChange(c: ChangeContext, projectId: string, rawId: unknown, raw: unknown, seen?: SeenToken): Promise<ChangeView> {
  const changeId = checkChangeId(rawId);
  const fields = checkChangeFields(raw);
  c.assertWritable();
  me(c);
  const v = await requireChange(c, projectId, changeId);
  const problem = editProblem(v);
  if (problem) throw new StoreError('invalid', problem);
  const changes = diff(v as unknown as Record<string, unknown>, fields as Record<string, unknown>);
  if (changes.length === 0) return v;
  await writeFields(c.db, changeDocId(projectId, changeId), docFields(Object.fromEntries(changes.map((f) => [f.field, f.to]))), { ...(await c.edit()), ...(seen ? { seen } : {}) });
  await audit(c, projectId, changeId, 'edited', changes, { number: v.number });
  return requireChange(c, projectId, changeId);
}

const ACTION: Readonly<Record<ChangeStatus, ChangeAuditAction>> = { draft: 'returned to draft', pending: 'submitted', approved: 'approved', rejected: 'rejected' };

export async function setChangeStatus(c: ChangeContext, projectId: string, rawId: unknown, status: unknown, rawNote?: unknown): Promise<ChangeView> {
  const changeId = checkChangeId(rawId);
  if (!(CHANGE_STATUSES as readonly string[]).includes(String(status))) throw new StoreError('invalid', `"${String(status)}" is not a status of a change: draft, pending, approved or rejected.`);
  const to = status as ChangeStatus;
  const note = typeof rawNote === 'string' ? rawNote.trim().slice(0, 2000) : '';
  c.assertWritable();
  const who = me(c);
  if ((to === 'approved' || to === 'rejected') && !APPROVER_ROLES.includes(c.role))
    throw new StoreError('role', `Only an editor, admin or owner of the team can ${to === 'approved' ? 'approve' : 'reject'} a change; your role is ${c.role}. Ask one of them to decide it.`);
  const all = await listChangeViews(c, projectId);
  const v = all.find((x) => x.id === changeId);
  if (!v) throw new StoreError('not-found', 'That change is no longer here: it was deleted, on this device or by a teammate. The log shows what is left.');
  if (v.conflicts.length > 0)
    throw new StoreError('invalid', `Two versions of the ${v.conflicts.map((x) => x.field).join(', ')} of ${v.number} were saved at the same time on two devices: choose one before changing its status.`);
  const problem = transitionProblem(v, to);
  if (problem) throw new StoreError('invalid', problem);
  const now = new Date(c.now()).toISOString();
  const changes: Record<string, Json> = { status: to };
  if (to === 'pending') {
    const p = submitProblems(coreOf(v));
    if (p.length) throw new StoreError('invalid', p.join(' '));
    Object.assign(changes, { requester: { id: who.id, name: who.name }, requestedAt: now });
  }
  if (to === 'approved') {
    const statusDate = await c.statusDate();
    const base = await readReserves(c, projectId);
    const left = reconcile(0, base, all.filter((x) => x.id !== v.id).map(coreOf)).current;
    const p = approveProblems(coreOf(v), { statusDate, mrAvailable: left.mr, ubAvailable: left.ub });
    if (p.length) throw new StoreError('invalid', p.join(' '));
    Object.assign(changes, { approver: { id: who.id, name: who.name }, decidedAt: now, decisionNote: note, approvedStatusDate: statusDate });
  }
  if (to === 'rejected') Object.assign(changes, { approver: { id: who.id, name: who.name }, decidedAt: now, decisionNote: note });
  if (to === 'draft' && v.status === 'rejected') Object.assign(changes, { approver: null, decidedAt: null, decisionNote: '' });
  // A number two devices claimed offline: the later change takes the next free one as it moves on.
  if (v.duplicateNumber && to !== 'draft') changes.number = Math.max(...all.map((x) => x.seq)) + 1;
  await writeFields(c.db, changeDocId(projectId, changeId), changes, { ...(await c.edit()), seen: v.seen });
  const before = v as unknown as Record<string, unknown>;
  const fields = diff({ ...before, number: v.seq }, changes);
  await audit(c, projectId, changeId, ACTION[to], fields, { number: v.number, ...(note ? { note } : {}) });
  if (changes.number !== undefined) await audit(c, projectId, changeId, 'renumbered', [{ field: 'number', from: v.number, to: formatNumber(changes.number as number) }], { number: formatNumber(changes.number as number) });
  if (to === 'approved') c.notify();
  return requireChange(c, projectId, changeId);
}

export async function resolveChangeConflict(c: ChangeContext, projectId: string, rawId: unknown, field: unknown, value: unknown): Promise<ChangeView> {
  const changeId = checkChangeId(rawId);
  c.assertWritable();
  me(c);
  const v = await requireChange(c, projectId, changeId);
  const conflict = v.conflicts.find((x) => x.field === field);
  if (!conflict) throw new StoreError('invalid', `The ${String(field)} of ${v.number} is not in conflict any more: the log shows its value.`);
  const chosen = conflict.versions.find((x) => canonicalJson(x.value) === canonicalJson(value));
  if (!chosen) throw new StoreError('invalid', `Choose one of the versions of the ${String(field)} that were saved.`);
  // No `seen`: the choice has seen every version this device holds.
  await writeFields(c.db, changeDocId(projectId, changeId), { [docField(conflict.field)]: chosen.value as Json }, await c.edit());
  await audit(c, projectId, changeId, 'conflict resolved', [{ field: conflict.field, from: conflict.versions.map((x) => x.value), to: chosen.value }], { number: v.number });
  if (conflict.field === 'status') c.notify();
  return requireChange(c, projectId, changeId);
}

export async function deleteChange(c: ChangeContext, projectId: string, rawId: unknown): Promise<{ deleted: boolean }> {
  const changeId = checkChangeId(rawId);
  c.assertWritable();
  me(c);
  const v = await requireChange(c, projectId, changeId);
  if (v.status !== 'draft') throw new StoreError('invalid', `${v.number} is ${v.status}: only a draft can be deleted, so the log keeps every change that was submitted.`);
  const res = await deleteMutable(c.db, changeDocId(projectId, changeId), { seen: v.seen });
  if (res.deleted) await audit(c, projectId, changeId, 'deleted', [], { number: v.number });
  return { deleted: res.deleted };
}

export async function listAudit(c: Pick<ChangeContext, 'db'>, projectId: string, changeId: string | null | undefined): Promise<ChangeAuditEntry[]> {
  const prefix = changeId === undefined ? auditPrefix(projectId) : auditPrefix(projectId, changeId);
  const res = await c.db.allDocs({ ...rangeOf(prefix), include_docs: true });
  const out: ChangeAuditEntry[] = [];
  for (const r of res.rows) {
    const d = r.doc as unknown as Record<string, unknown> | undefined;
    if (!d || d.type !== 'craudit') continue;
    out.push({
      id: r.id.slice(r.id.lastIndexOf(':') + 1),
      changeId: typeof d.changeId === 'string' ? d.changeId : null,
      ...(typeof d.number === 'string' ? { number: d.number } : {}),
      at: typeof d.at === 'string' ? d.at : '',
      who: (d.who as ChangePerson | null) ?? null,
      action: d.action as ChangeAuditAction,
      fields: Array.isArray(d.fields) ? (d.fields as ChangeAuditEntry['fields']) : [],
      ...(typeof d.note === 'string' ? { note: d.note } : {}),
    });
  }
  // Newest first; the entry id (time-ordered, then random) breaks ties of the same millisecond.
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
}

const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);

export async function readReserves(c: Pick<ChangeContext, 'db'>, projectId: string): Promise<ReserveBaseView> {
  const read = await readMutable(c.db, baseDocId(projectId));
  if (!read) return { managementReserve: 0, undistributedBudget: 0, set: false, seen: {} };
  const d = read.doc as Record<string, unknown>;
  return { managementReserve: num(d.managementReserve), undistributedBudget: num(d.undistributedBudget), set: true, seen: seenOf(read) as SeenToken };
}

export async function setReserves(c: ChangeContext, projectId: string, raw: unknown, seen?: SeenToken): Promise<ReserveBaseView> {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const value = (k: string, label: string) => {
    const v = r[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new StoreError('invalid', `The ${label} must be a number of zero or more, in the project's currency.`);
    return v;
  };
  const next = { managementReserve: value('managementReserve', 'management reserve'), undistributedBudget: value('undistributedBudget', 'undistributed budget') };
  c.assertWritable();
  me(c);
  await c.requireProject(projectId);
  const before = await readReserves(c, projectId);
  const changes = diff(before.set ? (before as unknown as Record<string, unknown>) : {}, next);
  if (changes.length === 0 && before.set) return before;
  await writeFields(c.db, baseDocId(projectId), next, { ...(await c.edit()), create: { type: 'budgetbase', fixed: { projectId } }, ...(seen ? { seen } : {}) });
  await audit(c, projectId, null, 'reserves set', changes);
  c.notify();
  return readReserves(c, projectId);
}

export type { ChangeFields };
