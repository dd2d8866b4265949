/**
 * Comments on a project, a breakdown element or an alert (issue 13): small mutable documents
 * (`comment:<projectId>:<commentId>`, sync/mutable.ts) in the project's database, so they work
 * offline and sync with it. The text and the resolved flag merge field by field; two edits of the
 * same text made on two devices without seeing each other are both kept, shown as a conflict,
 * until someone chooses (`resolveComment`).
 *
 * Only the author edits or deletes a comment; anyone resolves or reopens it. The checks run here
 * (the gateway cannot read who wrote a document), which is what every device's UI goes through.
 */
import type { BreakdownKind } from '../../core/evm/types';
import { COMMENT_MAX_CHARS, commentTargetKey, type CommentRow, type CommentTarget, type SeenToken } from '../contracts';
import { isValidId, newId, rangeOf } from '../store/ids';
import { StoreError } from '../store/errors';
import { deleteMutable, readMutable, seenOf, writeFields, type FieldVersion, type Json } from '../sync/mutable';
import type { CollabContext } from './context';

export const commentDocId = (projectId: string, commentId: string): string => `comment:${projectId}:${commentId}`;

const KINDS = new Set(['project', 'wbs', 'control-account', 'code']);
const MAX_NODE_ID = 500;
const MAX_TARGET_NAME = 300;

/** The comment's text, trimmed, or a message saying what is wrong with it. */
export function checkCommentText(text: unknown): string {
  const t = typeof text === 'string' ? text.trim() : '';
  if (!t) throw new StoreError('invalid', 'Write something first: a comment cannot be empty.');
  if (t.length > COMMENT_MAX_CHARS) {
    throw new StoreError(
      'invalid',
      `This comment is ${t.length.toLocaleString('en-GB')} characters long; a comment holds at most ${COMMENT_MAX_CHARS.toLocaleString('en-GB')}. Shorten it, or split it into two comments.`,
    );
  }
  return t;
}

/** A target as stored: only the fields its kind has, checked (a page could send anything). */
export function checkTarget(target: unknown): CommentTarget {
  const bad = () => new StoreError('invalid', 'Earnest could not tell what this comment is about. Open the comments from the project, a breakdown row or an alert, and try again.');
  if (!target || typeof target !== 'object') throw bad();
  const t = target as Record<string, unknown>;
  const name = typeof t.name === 'string' && t.name.trim() ? { name: t.name.trim().slice(0, MAX_TARGET_NAME) } : {};
  const node = () => {
    if (typeof t.nodeId !== 'string' || !t.nodeId || t.nodeId.length > MAX_NODE_ID || typeof t.nodeKind !== 'string' || !KINDS.has(t.nodeKind)) throw bad();
    return { nodeId: t.nodeId, nodeKind: t.nodeKind as BreakdownKind };
  };
  switch (t.kind) {
    case 'project':
      return { kind: 'project' };
    case 'element':
      return { kind: 'element', ...node(), ...name };
    case 'alert':
      if (typeof t.metric !== 'string' || !/^[A-Za-z]{1,40}$/.test(t.metric)) throw bad();
      return { kind: 'alert', metric: t.metric, ...node(), ...name };
    default:
      throw bad();
  }
}

export function checkCommentId(commentId: unknown): string {
  if (typeof commentId !== 'string' || !isValidId(commentId)) throw new StoreError('invalid', 'That comment id is not valid. Reload the page and try again.');
  return commentId;
}

const versionOf = (v: FieldVersion) => ({ value: typeof v.v === 'string' ? v.v : '', ...(v.who ? { who: v.who } : {}), at: v.at });

type Read = NonNullable<Awaited<ReturnType<typeof readMutable>>>;

/** A comment document as the list shows it; null for a document that is not a well-formed comment. */
export function commentRowOf(read: Read, me: string | null): CommentRow | null {
  const d = read.doc as Record<string, unknown>;
  if (d.type !== 'comment' || typeof d.projectId !== 'string' || typeof d.text !== 'string') return null;
  let target: CommentTarget;
  try {
    target = checkTarget(d.target);
  } catch {
    return null;
  }
  const a = (d.author && typeof d.author === 'object' ? d.author : {}) as Record<string, unknown>;
  const author = { id: typeof a.id === 'string' ? a.id : '', name: typeof a.name === 'string' && a.name ? a.name : 'A teammate' };
  const createdAt = typeof d.createdAt === 'string' ? d.createdAt : '';
  const versions = (d.versions ?? {}) as Record<string, FieldVersion[]>;
  const textVersions = versions.text ?? [];
  // Edited: the shown text is not the first one written (a later version, or a merge of several).
  const edited = textVersions.length > 1 || textVersions.some((v) => v.at > createdAt);
  // Two devices that wrote the same text do not disagree.
  const conflict = read.conflicts.find((c) => c.field === 'text' && new Set(c.versions.map((v) => v.v)).size > 1);
  return {
    id: String(d._id).slice(`comment:${d.projectId}:`.length),
    projectId: d.projectId,
    target,
    targetKey: commentTargetKey(target),
    text: d.text,
    resolved: d.resolved === true,
    author,
    createdAt,
    updatedAt: typeof d.updatedAt === 'string' ? d.updatedAt : createdAt,
    edited,
    mine: me !== null && author.id === me,
    conflict: conflict ? conflict.versions.map(versionOf) : null,
    seen: seenOf(read) as SeenToken,
  };
}

export async function listComments(c: CollabContext, projectId: string): Promise<CommentRow[]> {
  const res = await c.db.allDocs({ ...rangeOf(`comment:${projectId}:`), conflicts: true });
  const out: CommentRow[] = [];
  for (const row of res.rows) {
    const read = await readMutable(c.db, row.id);
    const r = read && commentRowOf(read, c.userId);
    if (r) out.push(r);
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

async function readComment(c: CollabContext, projectId: string, commentId: string): Promise<CommentRow> {
  const read = await readMutable(c.db, commentDocId(projectId, checkCommentId(commentId)));
  const row = read && commentRowOf(read, c.userId);
  if (!row) throw new StoreError('not-found', 'That comment is no longer here: it was deleted, on this device or by a teammate. The list shows what is left.');
  return row;
}

export async function addComment(c: CollabContext, projectId: string, target: unknown, text: unknown): Promise<CommentRow> {
  const clean = checkCommentText(text);
  const t = checkTarget(target);
  c.assertWritable();
  const me = c.requireUser();
  await c.requireProject(projectId);
  const at = c.now();
  const commentId = newId(at);
  const createdAt = new Date(at).toISOString();
  const fixed: Record<string, Json> = { projectId, target: t as unknown as Json, author: { id: me.id, name: me.name }, createdAt };
  await writeFields(c.db, commentDocId(projectId, commentId), { text: clean, resolved: false }, { ...(await c.edit()), now: () => at, create: { type: 'comment', fixed } });
  return readComment(c, projectId, commentId);
}

/** The comment, if the signed-in user wrote it; else a message saying only its author may. */
async function ownComment(c: CollabContext, projectId: string, commentId: string, what: string): Promise<CommentRow> {
  const row = await readComment(c, projectId, commentId);
  if (!row.mine) throw new StoreError('invalid', `Only ${row.author.name}, who wrote this comment, can ${what} it. Reply with a comment of your own instead.`);
  return row;
}

export async function editComment(c: CollabContext, projectId: string, commentId: string, text: unknown, seen?: SeenToken): Promise<CommentRow> {
  const clean = checkCommentText(text);
  c.assertWritable();
  await ownComment(c, projectId, commentId, 'edit');
  await writeFields(c.db, commentDocId(projectId, commentId), { text: clean }, { ...(await c.edit()), ...(seen ? { seen } : {}) });
  return readComment(c, projectId, commentId);
}

export async function setResolved(c: CollabContext, projectId: string, commentId: string, resolved: boolean, seen?: SeenToken): Promise<CommentRow> {
  c.assertWritable();
  await readComment(c, projectId, commentId);
  await writeFields(c.db, commentDocId(projectId, commentId), { resolved: resolved === true }, { ...(await c.edit()), ...(seen ? { seen } : {}) });
  return readComment(c, projectId, commentId);
}

export async function deleteComment(c: CollabContext, projectId: string, commentId: string, seen?: SeenToken): Promise<{ deleted: boolean }> {
  c.assertWritable();
  await ownComment(c, projectId, commentId, 'delete');
  const res = await deleteMutable(c.db, commentDocId(projectId, commentId), seen ? { seen } : {});
  return { deleted: res.deleted };
}

/** Ends a text conflict: the chosen text replaces every version, on every device. */
export async function resolveComment(c: CollabContext, projectId: string, commentId: string, text: unknown): Promise<CommentRow> {
  const clean = checkCommentText(text);
  c.assertWritable();
  await ownComment(c, projectId, commentId, 'choose the version of');
  // No `seen`: an edit that has seen every version this device holds, both sides included.
  await writeFields(c.db, commentDocId(projectId, commentId), { text: clean }, await c.edit());
  return readComment(c, projectId, commentId);
}
