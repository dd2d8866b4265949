/**
 * The header's sync indicator (issue 13 "Sync state is visible"): its words for each state of the
 * device, what a screen reader hears, and the panel listing each team with its role, state, last
 * sync and, on an error, why and what to do. Rendered to static markup from sync snapshots.
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeOverall, lastSyncedLine, timeAgo } from '../../../src/core/sync/labels';
import type { SyncSnapshot } from '../../../src/local/contracts';
import { shortLabel, SyncIndicatorView } from '../../../src/ui/SyncIndicator';
import { all, attr, hasClass, one, render, tag, text, visibleText, type El } from '../dashboard/html';
import { bridge, home, MINUTE, NOW, rail, snapshot, unreachable, viewer } from './snapshots';

function indicator(snap: SyncSnapshot, open = false): El {
  const overall = describeOverall(snap);
  if (!overall) throw new Error('nothing to show');
  return render(createElement(MemoryRouter, null, createElement(SyncIndicatorView, { snapshot: snap, overall, now: NOW, open }) as ReactElement));
}

const buttonOf = (el: El) => one(el, tag('button'), 'button');
const longLabel = (el: El) => text(one(el, hasClass('sync-label-long')));
const liveRegion = (el: El) => one(el, attr('aria-live', 'polite'), 'live region');

describe('the header sync indicator', () => {
  it('words each state as the issue asks, counts included', () => {
    expect(describeOverall(snapshot([home(), bridge()]))?.label).toBe('Synced');
    expect(describeOverall(snapshot([home({ state: 'syncing', pending: 12 }), bridge()]))?.label).toBe('Syncing 12 documents');
    // Counts add up over the teams in that state.
    expect(describeOverall(snapshot([home({ state: 'syncing', pending: 7 }), bridge({ state: 'syncing', pending: 5 })]))?.label).toBe('Syncing 12 documents');
    expect(describeOverall(snapshot([home({ state: 'offline', pending: 2 }), bridge({ state: 'offline', pending: 1 })], { online: false }))?.label).toBe(
      'Offline, 3 changes waiting',
    );
    expect(describeOverall(snapshot([home({ state: 'offline' })], { online: false }))?.label).toBe('Offline');
    // The worst team decides: one error makes the device's state an error.
    expect(describeOverall(snapshot([home({ state: 'syncing', pending: 4 }), bridge({ state: 'error', problem: unreachable() })]))?.label).toBe('Sync error');
  });

  it('shows nothing before sync has started, and is honest when another tab syncs', () => {
    expect(describeOverall({ online: true, running: false, standby: false, teams: [] })).toBeNull();
    const standby = snapshot([home({ state: 'stopped', pending: 0 })], { running: false, standby: true });
    expect(describeOverall(standby)).toEqual({ kind: 'standby', label: 'Syncing in another tab', announce: 'Sync runs in another Earnest tab' });
    // Offline, the other tab cannot sync either: the waiting changes are what matters.
    expect(describeOverall({ ...standby, online: false, teams: [home({ state: 'stopped', pending: 2 })] })?.label).toBe('Offline, 2 changes waiting');
    // The panel does not call a team synced by the other tab "Not syncing".
    const panel = indicator(standby, true);
    expect(text(one(panel, hasClass('sync-team-state')))).toBe('Syncing in another Earnest tab');
  });

  it('renders the state as an icon and words; the live region carries the state without its counts', () => {
    const syncing = indicator(snapshot([home({ state: 'syncing', pending: 12 })]));
    expect(longLabel(syncing)).toBe('Sync: Syncing 12 documents');
    expect(visibleText(one(syncing, hasClass('sync-label-long')))).toBe('Syncing 12 documents');
    expect(text(liveRegion(syncing))).toBe('Syncing');
    // Fewer documents to go: the button says so; the live region, which is read out, does not change.
    const later = indicator(snapshot([home({ state: 'syncing', pending: 3 })]));
    expect(longLabel(later)).toBe('Sync: Syncing 3 documents');
    expect(text(liveRegion(later))).toBe(text(liveRegion(syncing)));
    // The icon is decorative: the words are the message.
    expect(one(buttonOf(syncing), tag('svg')).attrs['aria-hidden']).toBe('true');
    // Not a role=status: the Offline indicator's region is the header's one status.
    expect(all(syncing, attr('role', 'status'))).toHaveLength(0);

    const offline = indicator(snapshot([home({ state: 'offline', pending: 3 })], { online: false }));
    expect(text(liveRegion(offline))).toBe('Offline, changes waiting to sync');
    expect(one(offline, hasClass('sync-indicator')).attrs.class).toContain('sync-indicator--offline');
    expect(text(one(offline, hasClass('sync-label-short')))).toBe('3 waiting');
  });

  it('is a disclosure button: collapsed, no panel; expanded, the panel it controls', () => {
    const closed = indicator(snapshot([home()]));
    expect(buttonOf(closed).attrs['aria-expanded']).toBe('false');
    expect(all(closed, hasClass('sync-panel'))).toHaveLength(0);

    const open = indicator(snapshot([home()]), true);
    const button = buttonOf(open);
    expect(button.attrs['aria-expanded']).toBe('true');
    const panel = one(open, hasClass('sync-panel'));
    expect(panel.attrs.id).toBe(button.attrs['aria-controls']);
    expect(panel.attrs['aria-label']).toBe('Sync status by team');
  });

  it('lists each team in the panel: name, role, state, last sync (exact time as title), and why and what to do on an error', () => {
    const snap = snapshot([
      home({ lastSyncedAt: NOW - 5 * MINUTE }),
      bridge({ state: 'error', pending: 4, problem: unreachable(), lastSyncedAt: NOW - 3 * 60 * MINUTE }),
      rail({ lastSyncedAt: null }),
    ]);
    const panel = one(indicator(snap, true), hasClass('sync-panel'));
    expect(text(one(panel, hasClass('sync-panel-title')))).toBe('Sync error');
    const rows = all(panel, hasClass('sync-team'));
    expect(rows.map((r) => text(one(r, hasClass('sync-team-name'))))).toEqual(['Personal space', 'Bridge team', 'Rail team']);
    expect(rows.map((r) => text(one(r, hasClass('badge'))))).toEqual(['Owner', 'Editor', 'Viewer']);
    expect(rows.map((r) => text(one(r, hasClass('sync-team-state'))))).toEqual(['Synced', 'The Earnest server cannot be reached.', 'Synced']);
    expect(text(one(rows[1], hasClass('sync-team-action')))).toBe(unreachable().action);
    expect(all(rows[0], hasClass('sync-team-action'))).toHaveLength(0);

    const when = one(rows[0], tag('time'));
    expect(text(when)).toBe('Last synced 5 minutes ago');
    expect(when.attrs.dateTime).toBe(new Date(NOW - 5 * MINUTE).toISOString());
    // The exact local time, with the year, as the title.
    expect(when.attrs.title).toMatch(/2026/);
    expect(text(one(rows[1], tag('time')))).toBe('Last synced 3 hours ago');
    expect(text(one(rows[2], hasClass('sync-team-last')))).toBe('Not synced with this device yet');
    // The way to the device page.
    expect(one(panel, tag('a')).attrs.href).toBe('/pwa');
  });

  it("shows a viewer's unsendable changes as an error with the way out", () => {
    const snap = snapshot([home(), rail({ state: 'error', pending: 1, problem: viewer() })]);
    const row = all(one(indicator(snap, true), hasClass('sync-panel')), hasClass('sync-team'))[1];
    expect(text(one(row, hasClass('sync-team-state')))).toBe('Your role in "Rail team" is viewer: changes made on this device cannot be sent.');
    expect(text(one(row, hasClass('sync-team-action')))).toBe("Ask a team owner or admin for the editor role. The team's own changes still arrive here.");
  });

  it('says how long ago in words a planner reads', () => {
    expect(timeAgo(NOW - 10_000, NOW)).toBe('just now');
    // A clock slightly ahead is not "in the future".
    expect(timeAgo(NOW + 5_000, NOW)).toBe('just now');
    expect(timeAgo(NOW - 60_000, NOW)).toBe('1 minute ago');
    expect(timeAgo(NOW - 59 * MINUTE, NOW)).toBe('59 minutes ago');
    expect(timeAgo(NOW - 60 * MINUTE, NOW)).toBe('1 hour ago');
    expect(timeAgo(NOW - 25 * 60 * MINUTE, NOW)).toBe('yesterday');
    expect(timeAgo(NOW - 3 * 24 * 60 * MINUTE, NOW)).toBe('3 days ago');
    expect(lastSyncedLine(null, NOW)).toBe('Not synced with this device yet');
  });

  it('keeps a short word for phone widths', () => {
    const snap = snapshot([home({ state: 'error', problem: unreachable() })]);
    expect(shortLabel(describeOverall(snap)!, snap)).toBe('Error');
    const synced = snapshot([home()]);
    expect(shortLabel(describeOverall(synced)!, synced)).toBe('Synced');
  });
});
