/**
 * The collaboration panels rendered (issue 13): the comment thread (authors, resolved, a conflict
 * with both versions and the author's choice, a thread filtered to one target, a viewer's
 * read-only view), the comment buttons on breakdown rows and alerts, and the projects list badge.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../../src/app/dashboard/components';
import type { CommentHooks } from '../../../src/app/dashboard/components/types';
import { CommentsPanel, targetLabel } from '../../../src/app/dashboard/collab/CommentsPanel';
import { changesText } from '../../../src/app/projects/ProjectsPage';
import { commentTargetKey, type CommentRow, type CommentTarget } from '../../../src/local/contracts';
import { riverside } from './fixture';
import { all, attr, hasClass, one, render, tag, text } from './html';

function comment(over: Partial<CommentRow> & { target: CommentTarget }): CommentRow {
  return {
    id: over.id ?? 'c1',
    projectId: 'p1',
    targetKey: commentTargetKey(over.target),
    text: 'Text',
    resolved: false,
    author: { id: 'u-ann', name: 'ann@site.example' },
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    edited: false,
    mine: false,
    conflict: null,
    seen: {},
    ...over,
  };
}

const civils: CommentTarget = { kind: 'element', nodeId: 'W1', nodeKind: 'wbs', name: 'Civils' };
const COMMENTS: CommentRow[] = [
  comment({ id: 'a', target: { kind: 'project' }, text: 'Status meeting Friday.', mine: true }),
  comment({ id: 'b', target: civils, text: 'Concrete invoices posted twice.', resolved: true, author: { id: 'u-bob', name: 'bob@site.example' } }),
  comment({
    id: 'c',
    target: civils,
    text: 'Tablet words.',
    mine: true,
    conflict: [
      { value: 'Tablet words.', who: 'ann@site.example', at: '2026-03-02T10:05:00.000Z' },
      { value: 'Laptop words.', who: 'ann@site.example', at: '2026-03-02T10:00:00.000Z' },
    ],
  }),
];

const panel = (props: Partial<Parameters<typeof CommentsPanel>[0]> = {}) =>
  render(createElement(CommentsPanel, { projectId: 'p1', comments: COMMENTS, thread: null, onThread: () => undefined, reload: () => undefined, ...props }));

describe('CommentsPanel', () => {
  it('lists every comment with author, target, resolved state and a form for the project', () => {
    const el = panel();
    const items = all(el, hasClass('comment'));
    expect(items.map((i) => i.attrs['data-comment'])).toEqual(['a', 'b', 'c']);
    expect(text(one(items[0], hasClass('comment__author')))).toBe('ann@site.example (you)');
    expect(text(one(items[1], hasClass('comment__target')))).toBe('on Civils (WBS element)');
    expect(text(items[1])).toContain('Resolved');
    // Only the author may edit or delete; anyone resolves or reopens.
    const buttons = (i: (typeof items)[number]) => all(i, tag('button')).map(text);
    expect(buttons(items[0])).toEqual(['Edit', 'Resolve', 'Delete']);
    expect(buttons(items[1])).toEqual(['on Civils (WBS element)', 'Reopen']);
    expect(text(one(el, hasClass('comments__toggle')))).toContain('Show 1 resolved');
    expect(all(el, tag('label')).map(text)).toContain('Add a comment on the project');
  });

  it('shows both versions of a conflicting comment, and offers the choice to its author only', () => {
    const el = panel();
    const conflicted = all(el, hasClass('comment--conflict'));
    expect(conflicted).toHaveLength(1);
    const versions = all(one(conflicted[0], hasClass('comment__conflict')), tag('li'));
    expect(versions.map((v) => text(one(v, hasClass('comment__text'))))).toEqual(['Tablet words.', 'Laptop words.']);
    expect(all(conflicted[0], tag('button')).map(text).filter((t) => t === 'Keep this version')).toHaveLength(2);
    // Someone else's comment in conflict: shown, not choosable.
    const theirs = render(createElement(CommentsPanel, { projectId: 'p1', comments: [{ ...COMMENTS[2], mine: false }], thread: null, onThread: () => undefined, reload: () => undefined }));
    expect(all(theirs, tag('button')).map(text)).not.toContain('Keep this version');
    expect(text(theirs)).toContain('until ann@site.example chooses one');
  });

  it('shows one thread when a row or alert opened it, and nothing to write for a read-only viewer', () => {
    const el = panel({ thread: civils, readOnly: true });
    expect(all(el, hasClass('comment')).map((i) => i.attrs['data-comment'])).toEqual(['b', 'c']);
    expect(text(one(el, hasClass('comments__scope')))).toContain('Comments on Civils (WBS element)');
    expect(all(el, tag('textarea'))).toHaveLength(0);
    expect(all(el, tag('button')).map(text)).toEqual(['Show all comments']);
  });

  it('names targets as a planner reads them', () => {
    expect(targetLabel({ kind: 'alert', metric: 'cpi', nodeId: 'W1', nodeKind: 'wbs', name: 'Civils' })).toBe('the CPI alert on Civils');
    expect(targetLabel({ kind: 'alert', metric: 'spit', nodeId: 'P', nodeKind: 'project' })).toBe("the project's SPI(t) alert");
  });
});

describe('comment buttons on the dashboard', () => {
  const data = riverside();
  const node = data.analysis.breakdown!.children[0];
  const hooks: CommentHooks = { count: (key) => (key === commentTargetKey({ kind: 'element', nodeId: node.id, nodeKind: node.kind }) ? 2 : 0), open: () => undefined };

  it('adds a comments column to the breakdown and a button to each alert, counting each thread', () => {
    const el = render(createElement(Dashboard, { data, comments: hooks }));
    const table = one(el, hasClass('breakdown__table'));
    expect(all(table, tag('th')).map(text)).toContain('Comments');
    const row = one(table, attr('data-node', node.id));
    const button = one(row, hasClass('comment-button'));
    expect(button.attrs['aria-label']).toBe(`2 open comments on ${node.name || node.code}`);
    // A row with no comments: only the icon shows, the button still says what it does.
    const other = data.analysis.breakdown!.children[1];
    if (other) {
      const quiet = one(one(table, attr('data-node', other.id)), hasClass('comment-button'));
      expect(quiet.attrs['aria-label']).toBe(`Comment on ${other.name || other.code}`);
      expect(text(quiet)).toBe('');
    }
    const alerts = all(el, hasClass('alert'));
    expect(alerts.length).toBe(data.alerts.length > 8 ? 8 : data.alerts.length);
    for (const a of alerts) expect(one(a, hasClass('comment-button')).attrs['aria-label']).toMatch(/^Comment on the .* alert$/);
  });

  it('leaves the tour and previews without comment buttons', () => {
    const el = render(createElement(Dashboard, { data }));
    expect(all(el, hasClass('comment-button'))).toHaveLength(0);
  });
});

describe('what changed, on the projects list', () => {
  it('reads as a planner would say it', () => {
    expect(changesText({ newImports: 1, latestDataDate: '2026-10-31T17:00', importedBy: ['ann@site.example'], newComments: 2 })).toBe('New status 31 Oct 2026 by ann@site.example · 2 new comments');
    expect(changesText({ newImports: 2, latestDataDate: '2026-10-31T17:00', newComments: 0 })).toBe('2 new statuses, latest 31 Oct 2026');
    expect(changesText({ newImports: 0, newComments: 1 })).toBe('1 new comment');
  });
});
