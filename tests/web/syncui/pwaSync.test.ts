/**
 * /pwa's Sync section (issue 13 "/pwa: sync state and last sync per team, and changes waiting"),
 * rendered to static markup from sync snapshots.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../../src/client/session';
import type { SyncSnapshot } from '../../../src/local/contracts';
import { SyncSectionView } from '../../../src/pwa/SyncSection';
import { all, attr, hasClass, one, render, tag, text, type El } from '../dashboard/html';
import { bridge, home, MINUTE, NOW, rail, snapshot, unreachable } from './snapshots';

const section = (status: SessionStatus, snap: SyncSnapshot | null) => render(createElement(SyncSectionView, { status, snapshot: snap, now: NOW }));
const figure = (el: El, name: string) => text(one(el, attr('data-figure', name)));

describe("/pwa's Sync section", () => {
  it('lists each team: state, last successful sync, changes waiting, and the problem with what to do', () => {
    const el = section(
      'signed-in',
      snapshot([
        home({ state: 'syncing', pending: 3, lastSyncedAt: NOW - 2 * MINUTE }),
        bridge({ state: 'error', pending: 1, problem: unreachable(), lastSyncedAt: NOW - 26 * 60 * MINUTE }),
        rail({ lastSyncedAt: null }),
      ]),
    );
    expect(text(one(el, tag('h2')))).toBe('Sync');
    expect(text(one(el, attr('data-sync-state')))).toBe('Sync error');
    const teams = all(el, hasClass('pwa-sync-team'));
    expect(teams.map((t) => text(one(t, tag('h3'))))).toEqual(['Personal space Owner', 'Bridge team Editor', 'Rail team Viewer']);
    expect(teams.map((t) => figure(t, 'state'))).toEqual(['Syncing 3 documents', 'The Earnest server cannot be reached.', 'Synced']);
    expect(teams.map((t) => figure(t, 'last'))).toEqual(['2 minutes ago', 'yesterday', 'Not yet on this device']);
    expect(one(teams[0], tag('time')).attrs.dateTime).toBe(new Date(NOW - 2 * MINUTE).toISOString());
    expect(teams.map((t) => figure(t, 'waiting'))).toEqual(['3 changes', '1 change', 'None']);
    expect(figure(teams[1], 'action')).toBe(unreachable().action);
    expect(all(teams[0], attr('data-figure', 'action'))).toHaveLength(0);
  });

  it('says why there is nothing to list: signed out, or sync not started', () => {
    expect(text(section('signed-out', null))).toContain('Nothing syncs while nobody is signed in.');
    expect(text(section('signed-in', null))).toContain('Sync has not started in this tab yet.');
    expect(all(section('signed-in', null), hasClass('pwa-sync-team'))).toHaveLength(0);
  });
});
