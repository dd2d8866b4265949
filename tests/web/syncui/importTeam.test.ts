/**
 * The import summary's team choice for a new project and its plan-limit refusal (issue 13 "Plan
 * limits are shown where they bite"): teams where the user may write, the personal space first and
 * by default; a new project in a team at its limit is refused with the limit and how to raise it,
 * while the next status of an existing project is still allowed. Rendered with a given context.
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ImportSummary, type ImportContext } from '../../../src/app/import/ImportSummary';
import { newProjectAllowances, projectsInTeam, writableTeams } from '../../../src/app/import/teamChoice';
import type { PendingSchedule, ProjectSummaryRow } from '../../../src/local/contracts';
import { all, attr, hasClass, one, render, tag, text, type El } from '../dashboard/html';
import { bridge, home, rail } from './snapshots';

const schedule = (index: number, name: string, over: Partial<PendingSchedule> = {}): PendingSchedule => ({
  index,
  name,
  activities: 120,
  relationships: 110,
  resources: 4,
  assignments: 40,
  currency: 'GBP',
  warnings: [],
  statusDate: { date: '2026-10-31T00:00', source: 'status-date', explanation: "the file's status date" },
  dataDate: '2026-10-31T00:00',
  ...over,
});

const project = (id: string, teamId: string, role: ProjectSummaryRow['role'] = 'owner'): ProjectSummaryRow => ({
  id,
  name: `Project ${id}`,
  currency: 'GBP',
  importCount: 1,
  activityCount: 100,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  teamId,
  role,
});

const TEAMS = [home(), bridge(), rail()];
// The personal space on Starter (3 projects, the user's own plan); Bridge team at Professional (10).
const LIMITS = { 'home-1': { totalProjects: 3, who: 'owner' as const }, 'bridge-team': { totalProjects: 10, who: 'member' as const } };

function summary(schedules: PendingSchedule[], context: ImportContext, intoProject: string | null = null): El {
  const noop = () => undefined;
  return render(
    createElement(MemoryRouter, null, createElement(ImportSummary, { fileName: 'plan.xer', label: 'Primavera P6 XER', schedules, intoProject, onSave: noop, onCancel: noop, context }) as ReactElement),
  );
}

const saveButton = (el: El) => one(el, (e) => e.tag === 'button' && hasClass('btn-primary')(e), 'save button');
const selects = (el: El) => all(el, tag('select'));
const optionTexts = (sel: El) => all(sel, tag('option')).map((o) => text(o));

describe('the team a new project goes into', () => {
  it('offers the teams where the user may write, personal space first and chosen', () => {
    expect(writableTeams(TEAMS).map((t) => t.teamId)).toEqual(['home-1', 'bridge-team']);
    const el = summary([schedule(0, 'Viaduct')], { projects: [project('a', 'home-1')], teams: TEAMS, limits: LIMITS });
    const [saveAs, team] = selects(el);
    expect(optionTexts(saveAs)).toEqual(['A new project', 'The next status of Project a']);
    expect(optionTexts(team)).toEqual(['Personal space', 'Bridge team (Editor)']);
    expect(one(team, (e) => e.tag === 'option' && 'selected' in e.attrs).attrs.value).toBe('home-1');
    expect(all(el, attr('data-testid', 'import-limit'))).toHaveLength(0);
    expect('disabled' in saveButton(el).attrs).toBe(false);
  });

  it("never offers a viewer's team, nor the next status of a viewer's project", () => {
    const el = summary([schedule(0, 'Viaduct')], { projects: [project('a', 'home-1'), project('r', 'rail-team', 'viewer')], teams: TEAMS, limits: LIMITS });
    expect(optionTexts(selects(el)[0])).toEqual(['A new project', 'The next status of Project a']);
    expect(optionTexts(selects(el)[1])).not.toContain('Rail team (Viewer)');
  });

  it('shows no team choice when the personal space is the only place to write', () => {
    const el = summary([schedule(0, 'Viaduct')], { projects: [], teams: [home(), rail()], limits: LIMITS });
    expect(selects(el)).toHaveLength(1);
  });
});

describe('the plan limit where it bites', () => {
  const full = [project('a', 'home-1'), project('b', 'home-1'), project('c', 'home-1')];

  it('refuses a new project in a full personal space, with the limit and how to raise it', () => {
    const el = summary([schedule(0, 'Viaduct')], { projects: full, teams: TEAMS, limits: LIMITS });
    const refusal = one(el, attr('data-testid', 'import-limit'));
    expect(refusal.attrs.role).toBe('alert');
    expect(text(refusal)).toContain('Personal space is at its limit of 3 projects, so this cannot be saved as a new project there.');
    expect(text(refusal)).toContain('You have used all 3 projects your plan allows. To add another, save the import as the next status of an existing project');
    expect(text(refusal)).toMatch(/raise the limit with a projects add-on .* or the Professional plan \(10 projects\)/);
    expect(one(refusal, tag('a')).attrs.href).toBe('/app/account');
    expect('disabled' in saveButton(el).attrs).toBe(true);
  });

  it('still allows the next status of an existing project in the full space', () => {
    const el = summary([schedule(0, 'Viaduct', { match: { id: 'a', name: 'Project a' } })], { projects: full, teams: TEAMS, limits: LIMITS });
    expect(all(el, attr('data-testid', 'import-limit'))).toHaveLength(0);
    expect('disabled' in saveButton(el).attrs).toBe(false);
  });

  it('counts the new projects of one file together, team by team', () => {
    const rows = [project('a', 'home-1'), project('b', 'home-1')];
    const targets = [0, 1, 2].map(() => ({ chosen: true, projectId: null, teamId: 'home-1' }));
    const allowances = newProjectAllowances(targets, rows, 'home-1', LIMITS);
    // One slot left: the first fits, the second and third do not.
    expect(allowances.map((a) => a?.full)).toEqual([false, true, true]);
    // Unchosen schedules and next statuses take no slot; a team with an unknown limit is not refused here.
    expect(
      newProjectAllowances(
        [
          { chosen: false, projectId: null, teamId: 'home-1' },
          { chosen: true, projectId: 'a', teamId: 'home-1' },
          { chosen: true, projectId: null, teamId: 'home-1' },
          { chosen: true, projectId: null, teamId: 'other-team' },
        ],
        rows,
        'home-1',
        LIMITS,
      ).map((a) => (a ? a.full : null)),
    ).toEqual([null, null, false, null]);
  });

  it('asks a member to have the team owner raise a full team', () => {
    const rows = Array.from({ length: 10 }, (_, i) => project(`t${i}`, 'bridge-team', 'editor'));
    const [a] = newProjectAllowances([{ chosen: true, projectId: null, teamId: 'bridge-team' }], rows, 'home-1', LIMITS);
    expect(a?.full).toBe(true);
    expect(a?.advice).toContain("ask the team owner to raise the team's limit");
  });

  it('counts rows saved before team spaces against the personal space', () => {
    const rows = [project('a', 'home-1'), { ...project('old', 'x'), teamId: undefined }, project('t', 'bridge-team', 'editor')];
    expect(projectsInTeam(rows, 'home-1', 'home-1')).toBe(2);
    expect(projectsInTeam(rows, 'bridge-team', 'home-1')).toBe(1);
    // With the personal space not known yet, every project counts (as the account page counts).
    expect(projectsInTeam(rows, '', '')).toBe(3);
  });
});
