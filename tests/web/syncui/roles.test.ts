/**
 * Roles visible in the UI (issue 13): the projects list grouped by space, the personal space first,
 * with the role badge for non-owner roles; a viewer's team and dashboard offer no writes.
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NextStatusLink, ReadOnlyNote } from '../../../src/app/project/ProjectLayout';
import { groupProjects, roleBadge } from '../../../src/app/projects/projectGroups';
import { ProjectGroups } from '../../../src/app/projects/ProjectsPage';
import type { ProjectSummaryRow } from '../../../src/local/contracts';
import { all, hasClass, one, render, tag, text, type El } from '../dashboard/html';
import { bridge, home, rail } from './snapshots';

const row = (id: string, name: string, team?: { teamId: string; teamName: string; role: ProjectSummaryRow['role'] }): ProjectSummaryRow => ({
  id,
  name,
  currency: 'GBP',
  importCount: 2,
  activityCount: 1200,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  latestDataDate: '2026-10-31T00:00',
  ...(team ?? {}),
});

const HOME = { teamId: 'home-1', teamName: 'alice@example.com', role: 'owner' as const };
const BRIDGE = { teamId: 'bridge-team', teamName: 'Bridge team', role: 'editor' as const };
const RAIL = { teamId: 'rail-team', teamName: 'Rail team', role: 'viewer' as const };
const TEAMS = [home(), bridge(), rail()];

const wrap = (el: ReactElement) => render(createElement(MemoryRouter, null, el));
const noop = () => undefined;
const rowsOf = (el: El) => all(el, tag('tr')).filter((tr) => all(tr, tag('td')).length > 0);
const actionsOf = (tr: El) => all(tr, (e) => e.tag === 'a' || e.tag === 'button').map((e) => text(e));

describe('the projects list by space', () => {
  it('puts the personal space first, then teams by name, each with its rows', () => {
    const rows = [row('p3', 'Signals', RAIL), row('p1', 'Viaduct', BRIDGE), row('p2', 'Kitchen', HOME), row('p4', 'Depot', BRIDGE)];
    const groups = groupProjects(rows, TEAMS);
    expect(groups.map((g) => [g.title, g.badge, g.readOnly, g.rows.map((r) => r.id)])).toEqual([
      ['Personal space', null, false, ['p2']],
      ['Bridge team', 'Editor', false, ['p1', 'p4']],
      ['Rail team', 'View only', true, ['p3']],
    ]);
  });

  it('keeps rows that name no team (saved before team spaces) in the personal space', () => {
    const groups = groupProjects([row('old', 'Old project'), row('p2', 'Kitchen', HOME)], TEAMS);
    expect(groups).toHaveLength(1);
    expect(groups[0].title).toBe('Personal space');
    expect(groups[0].rows.map((r) => r.id)).toEqual(['old', 'p2']);
  });

  it('badges admins and editors by role, viewers "View only", owners not at all', () => {
    expect([roleBadge('owner'), roleBadge('admin'), roleBadge('editor'), roleBadge('viewer'), roleBadge(undefined)]).toEqual([null, 'Admin', 'Editor', 'View only', null]);
  });

  it("renders a heading per space, and a viewer's rows without import or delete", () => {
    const el = wrap(createElement(ProjectGroups, { groups: groupProjects([row('p1', 'Viaduct', BRIDGE), row('p2', 'Kitchen', HOME), row('p3', 'Signals', RAIL)], TEAMS), onDelete: noop }));
    expect(all(el, tag('h2')).map((h) => text(h))).toEqual(['Personal space', 'Bridge teamEditor', 'Rail teamView only']);
    const sections = all(el, tag('section'));
    expect(actionsOf(rowsOf(sections[0])[0])).toEqual(['Kitchen', 'Import next status', 'Delete']);
    expect(actionsOf(rowsOf(sections[1])[0])).toEqual(['Viaduct', 'Import next status', 'Delete']);
    // The viewer can open the project, nothing more.
    expect(actionsOf(rowsOf(sections[2])[0])).toEqual(['Signals']);
    expect(text(one(rowsOf(sections[2])[0], hasClass('actions')))).toBe('View only');
    expect(text(sections[2])).toContain('Your role in this team is viewer');
  });

  it('shows a lone personal space as the plain table it always was', () => {
    const el = wrap(createElement(ProjectGroups, { groups: groupProjects([row('p2', 'Kitchen', HOME)], TEAMS), onDelete: noop }));
    expect(all(el, tag('h2'))).toHaveLength(0);
    expect(rowsOf(el)).toHaveLength(1);
  });
});

describe("a viewer's dashboard", () => {
  it('says it is read-only and offers no next status import', () => {
    const viewerRow = row('p3', 'Signals', RAIL);
    const note = wrap(createElement(ReadOnlyNote, { project: viewerRow }));
    expect(text(note)).toContain('View only');
    expect(text(note)).toContain('Your role in "Rail team" is viewer');
    expect(text(wrap(createElement(NextStatusLink, { projectId: 'p3', project: viewerRow })))).toBe('');
  });

  it('for an editor (or a project from before team spaces) shows the import link and no note', () => {
    for (const project of [row('p1', 'Viaduct', BRIDGE), row('old', 'Old'), null]) {
      expect(wrap(createElement(ReadOnlyNote, { project })).children).toEqual([]);
      const link = one(wrap(createElement(NextStatusLink, { projectId: 'p1', project })), tag('a'));
      expect(link.attrs.href).toBe('/app/import?project=p1');
      expect(text(link)).toBe('Import the next status');
    }
  });
});
