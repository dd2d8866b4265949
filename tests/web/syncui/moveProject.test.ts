/**
 * "Move to…" on the dashboard (src/app/dashboard/MoveProject.tsx), rendered to static markup: the
 * spaces offered (only those where the user writes, never the one the project is in), the
 * confirmation saying what changes for whom, the progress and a refusal shown in the dialog.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MoveProjectView, moveMessage, moveTargets, type MoveProjectViewProps } from '../../../src/app/dashboard/MoveProject';
import type { SyncSnapshot } from '../../../src/local/contracts';
import { all, attr, one, render, tag, text } from '../dashboard/html';

const team = (teamId: string, teamName: string, role: SyncSnapshot['teams'][number]['role'], isHome = false) =>
  ({ teamId, teamName, role, isHome, state: 'synced', pending: 0, received: 0, lastSyncedAt: null, problem: null }) as SyncSnapshot['teams'][number];
const TEAMS = [team('t-zed', 'Zed works', 'admin'), team('t-home', 'Ada', 'owner', true), team('t-site', 'Site team', 'editor'), team('t-view', 'Board', 'viewer')];

const noop = () => undefined;
const view = (p: Partial<MoveProjectViewProps>) =>
  render(
    createElement(MoveProjectView, {
      projectName: 'Tower',
      from: 'Personal space',
      targets: moveTargets(TEAMS, 't-home'),
      chosen: null,
      busy: false,
      progress: null,
      error: null,
      onChoose: noop,
      onConfirm: noop,
      onCancel: noop,
      ...p,
    }),
  );

describe('Move to…', () => {
  it('offers the other spaces where the user writes, personal first, never a viewer’s team or the project’s own', () => {
    expect(moveTargets(TEAMS, 't-home').map((t) => `${t.label} (${t.role})`)).toEqual(['Site team (Editor)', 'Zed works (Admin)']);
    expect(moveTargets(TEAMS, 't-site').map((t) => t.label)).toEqual(['Personal space', 'Zed works']);
    const el = view({});
    expect(all(el, tag('option')).map((o) => text(o))).toEqual(['Move to…', 'Site team (Editor)', 'Zed works (Admin)']);
    // One writable space: nothing to offer, nothing shown.
    expect(moveTargets([TEAMS[1], TEAMS[3]], 't-home')).toEqual([]);
    expect(view({ targets: [] }).children).toEqual([]);
  });

  it('says in the confirmation what happens, for whom, and what moves with the project', () => {
    const target = moveTargets(TEAMS, 't-home')[0];
    const el = view({ chosen: target });
    const dialog = one(el, tag('dialog'));
    expect(text(one(dialog, tag('h2')))).toBe('Move to Site team?');
    expect(text(one(dialog, tag('p')))).toBe(
      'Tower moves from your personal space to Site team. Members of Site team will see it. Its comments and variance narratives move with it.',
    );
    expect(moveMessage('Tower', 'Site team', 'Personal space')).toBe(
      'Tower moves from Site team to your personal space. Members of Site team will no longer see it. Its comments and variance narratives move with it.',
    );
    expect(all(dialog, tag('button')).map((b) => text(b))).toEqual(['Cancel', 'Move to Site team']);
  });

  it('shows the progress while moving, and a refusal in the dialog', () => {
    const target = moveTargets(TEAMS, 't-home')[0];
    const moving = one(view({ chosen: target, busy: true, progress: 'Sending 14 documents to Site team’s server…' }), tag('dialog'));
    expect(text(one(moving, attr('role', 'status')))).toBe('Sending 14 documents to Site team’s server…');
    expect(all(moving, tag('button')).every((b) => 'disabled' in b.attrs)).toBe(true);
    const refusal = 'Moving a project needs a connection: the team’s server must have the copy before it leaves your personal space.';
    const refused = one(view({ chosen: target, error: refusal }), tag('dialog'));
    expect(text(one(refused, attr('role', 'alert')))).toBe(refusal);
  });
});
