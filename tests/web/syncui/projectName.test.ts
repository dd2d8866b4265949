/**
 * Renaming a project and its name conflict on screen (src/app/dashboard/ProjectName.tsx, the
 * projects list's "2 names"), rendered to static markup: the Rename action only for those who may
 * write, the inline form with its limits and messages, both names with who and when and "Keep this
 * name" per name, and the list's badge linking to the dashboard.
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NameConflictView, ProjectTitleView, cleanProjectName, projectNameProblem, type ProjectTitleViewProps } from '../../../src/app/dashboard/ProjectName';
import { when } from '../../../src/app/dashboard/collab/CommentsPanel';
import { NamesBadge, ProjectGroups } from '../../../src/app/projects/ProjectsPage';
import { groupProjects } from '../../../src/app/projects/projectGroups';
import type { ConflictVersion, ProjectSummaryRow } from '../../../src/local/contracts';
import { all, attr, hasClass, one, render, tag, text } from '../dashboard/html';

const noop = () => undefined;
const title = (p: Partial<ProjectTitleViewProps>) =>
  render(createElement(ProjectTitleView, { name: 'Tower', canRename: true, editing: false, draft: 'Tower', error: null, busy: false, onStart: noop, onDraft: noop, onSave: noop, onCancel: noop, ...p }));
const buttons = (el: ReturnType<typeof render>) => all(el, tag('button')).map((b) => text(b));

describe('the dashboard title', () => {
  it('offers Rename beside the h1 to those who may write, and nothing to a viewer', () => {
    const el = title({});
    expect(text(one(el, tag('h1')))).toBe('Tower');
    expect(buttons(el)).toEqual(['Rename']);
    const viewer = title({ canRename: false, editing: true });
    expect(text(one(viewer, tag('h1')))).toBe('Tower');
    expect(buttons(viewer)).toEqual([]);
    expect(all(viewer, tag('form'))).toHaveLength(0);
  });

  it('renames in an inline form: the field labelled, Save and Cancel, the limits in the hint; an error beside the field', () => {
    const el = title({ editing: true, draft: 'Tower block A' });
    const input = one(el, tag('input'));
    expect(input.attrs.value).toBe('Tower block A');
    expect(text(one(el, attr('for', input.attrs.id)))).toBe('New name for “Tower”');
    expect(buttons(el)).toEqual(['Save name', 'Cancel']);
    expect(one(el, attr('type', 'submit')).tag).toBe('button');
    expect(text(one(el, hasClass('project-title__hint')))).toContain('Up to 200 characters. Enter saves, Escape cancels.');
    // The page keeps its h1 (for screen readers) while the form is open.
    expect(text(one(el, tag('h1')))).toBe('Tower');

    const wrong = title({ editing: true, draft: '', error: projectNameProblem('') });
    expect(one(wrong, tag('input')).attrs['aria-invalid']).toBe('true');
    expect(text(one(wrong, attr('role', 'alert')))).toBe('A project needs a name. Type one and try again.');
  });

  it('checks a name as the store does: trimmed and spaces collapsed, 1 to 200 characters', () => {
    expect(cleanProjectName('  Tower   block  A ')).toBe('Tower block A');
    expect(projectNameProblem('   ')).toBe('A project needs a name. Type one and try again.');
    expect(projectNameProblem('x'.repeat(200))).toBeNull();
    expect(projectNameProblem(`  ${'x'.repeat(200)}  `)).toBeNull();
    expect(projectNameProblem('x'.repeat(201))).toBe('A project name can be at most 200 characters; this one has 201. Shorten it and try again.');
  });
});

const VERSIONS: ConflictVersion[] = [
  { value: 'Tower South', who: 'bob@site.example', at: '2026-11-20T10:05:00.000Z' },
  { value: 'Tower North', who: 'ann@site.example', at: '2026-11-20T10:04:00.000Z' },
];

describe('the name conflict', () => {
  it('says the project was renamed on two devices at once, with each name, who and when, and "Keep this name" per name', () => {
    const el = render(createElement(NameConflictView, { versions: VERSIONS, canChoose: true, busy: false, error: null, onKeep: noop }));
    const group = one(el, attr('role', 'group'));
    expect(group.attrs.id).toBe('project-name');
    expect(text(one(group, tag('strong')))).toBe('This project was renamed on two devices at once.');
    expect(text(group)).toContain('until then every device shows “Tower South”');
    const items = all(group, tag('li'));
    expect(items.map((li) => text(one(li, hasClass('project-name-conflict__name'))))).toEqual(['Tower South', 'Tower North']);
    expect(text(one(items[1], hasClass('comment__version-meta')))).toBe(`ann@site.example, ${when(VERSIONS[1].at)} Keep this name`);
    expect(buttons(el)).toEqual(['Keep this name', 'Keep this name']);
  });

  it('shows a viewer both names without the choice, and a failed choice says why', () => {
    const el = render(createElement(NameConflictView, { versions: VERSIONS, canChoose: false, busy: false, error: 'Earnest could not keep “Tower North”: the disk is full.', onKeep: noop }));
    expect(buttons(el)).toEqual([]);
    expect(text(el)).toContain('until an editor of the team chooses one');
    expect(all(el, hasClass('project-name-conflict__name')).map((e) => text(e))).toEqual(['Tower South', 'Tower North']);
    expect(text(one(el, attr('role', 'alert')))).toBe('Earnest could not keep “Tower North”: the disk is full.');
  });
});

describe('the projects list', () => {
  const wrap = (e: ReactElement) => render(createElement(MemoryRouter, null, e));
  const row = (id: string, name: string, nameVersions?: number): ProjectSummaryRow => ({
    id,
    name,
    currency: 'GBP',
    importCount: 1,
    activityCount: 10,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...(nameVersions ? { nameVersions } : {}),
  });

  it('badges a project with two names, linking to the choice on its dashboard; others carry no badge', () => {
    const badge = one(wrap(createElement(NamesBadge, { project: row('p 1', 'Tower South', 2) })), tag('a'));
    expect(badge.attrs.href).toBe('/app/projects/p%201#project-name');
    expect(text(badge)).toBe('2 names: renamed on two devices at once, choose one');

    const el = wrap(createElement(ProjectGroups, { groups: groupProjects([row('a', 'Tower South', 2), row('b', 'Depot')], []), onDelete: noop }));
    const rows = all(el, tag('tr')).filter((tr) => all(tr, tag('td')).length > 0);
    expect(rows.map((tr) => all(tr, hasClass('project-names')).length)).toEqual([1, 0]);
  });
});
