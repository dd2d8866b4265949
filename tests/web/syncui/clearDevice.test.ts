/**
 * /pwa "This device" (issue 13), rendered to static markup: "Clear this device" warns, per team,
 * about changes that have not reached the server and needs an explicit tick before it deletes
 * them; with nothing waiting it is the normal confirmation, saying whether the server has
 * everything. The account page uses the same dialog in its own words. Each project's size is a
 * table, largest first.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ClearDialogView, clearMessage, type ClearDialogViewProps, type PendingCheck } from '../../../src/app/account/ClearDevice';
import type { PendingReport } from '../../../src/local/contracts';
import { ProjectSizesView } from '../../../src/pwa/ProjectSizes';
import { all, attr, hasClass, one, render, tag, text, type El } from '../dashboard/html';

const noop = () => undefined;
const COUNTS = { projects: 3, imports: 5 };
const home = (pending: number): PendingReport => ({ teamId: 'home-1', teamName: 'Personal space', pending, canSend: true });
const rail = (pending: number): PendingReport => ({ teamId: 'rail', teamName: 'Rail team', pending, canSend: false, why: 'This device is offline: they go when it reconnects.' });

const dialog = (check: PendingCheck, p: Partial<ClearDialogViewProps> = {}) =>
  render(createElement(ClearDialogView, { place: 'pwa', open: true, counts: COUNTS, check, understood: false, busy: false, onUnderstood: noop, onConfirm: noop, onCancel: noop, ...p }));
const button = (el: El, label: string) => one(el, (e) => e.tag === 'button' && text(e) === label, `the ${label} button`);

describe('Clear this device', () => {
  it('with changes not on the server: says how many, per team and why, that they are deleted for good, and waits for the tick', () => {
    const check: PendingCheck = { kind: 'checked', reports: [home(2), rail(1), { ...home(0), teamId: 'other', teamName: 'Bridge team' }] };
    const el = dialog(check);
    expect(text(one(el, tag('h2')))).toBe('Clear this device?');
    expect(text(el)).toContain(
      '3 projects and 5 imports will be deleted from this browser. 3 changes on this device have not reached the server yet. Clearing the device deletes them for good.',
    );
    // Only the teams holding changes are listed.
    expect(all(one(el, hasClass('sign-out-pending')), tag('li')).map((li) => text(li))).toEqual([
      'Personal space: 2 changes, can be sent now.',
      'Rail team: 1 change. This device is offline: they go when it reconnects.',
    ]);
    const box = one(el, attr('type', 'checkbox'));
    expect(text(box.parent as El)).toBe(' Delete these 3 changes for good: nobody else has them.');
    expect('disabled' in button(el, 'Clear this device').attrs).toBe(true);
    // Ticked: the button may be pressed.
    expect('disabled' in button(dialog(check, { understood: true }), 'Clear this device').attrs).toBe(false);
  });

  it('with nothing waiting: the normal confirmation, saying the server has everything; no tick to give', () => {
    const el = dialog({ kind: 'checked', reports: [home(0), rail(0)] });
    expect(text(el)).toContain('Everything here has reached the server: your teams keep these projects, and they come back to this device the next time Earnest opens here signed in to your account.');
    expect(all(el, attr('type', 'checkbox'))).toHaveLength(0);
    expect('disabled' in button(el, 'Clear this device').attrs).toBe(false);
  });

  it('says so when sync is not running, while checking (the button waits) and when the check failed', () => {
    expect(clearMessage(COUNTS, { kind: 'checked', reports: [] })).toContain('Sync is not running on this device, so they may not be on the server');
    const checking = dialog({ kind: 'checking' });
    expect(text(checking)).toContain('Checking for changes that have not reached the server yet…');
    expect('disabled' in button(checking, 'Clear this device').attrs).toBe(true);
    expect(clearMessage({ projects: 1, imports: 0 }, { kind: 'failed', reason: 'the check took longer than 5 seconds' })).toBe(
      '1 project and 0 imports will be deleted from this browser. Earnest could not check for changes that have not reached the server (the check took longer than 5 seconds), so any such change would be deleted for good. Connect and try again to be sure.',
    );
  });

  it('keeps the account page’s own words, and one change is "this change"', () => {
    const el = dialog({ kind: 'checked', reports: [home(1)] }, { place: 'account' });
    expect(text(one(el, tag('h2')))).toBe('Remove your projects from this device?');
    expect(text(el)).toContain('1 change on this device has not reached the server yet. Clearing the device deletes it for good.');
    expect(text(one(el, attr('type', 'checkbox')).parent as El)).toBe(' Delete this change for good: nobody else has it.');
    expect('disabled' in button(el, 'Remove from this device').attrs).toBe(true);
  });
});

describe('each project’s size', () => {
  it('is a table, in the order given (largest first), with the team when some project is outside the personal space', () => {
    const el = render(
      createElement(ProjectSizesView, {
        reading: {
          kind: 'read',
          sizes: [
            { projectId: 'a', name: 'Viaduct', teamName: 'Bridge team', personal: false, bytes: 12_400_000 },
            { projectId: 'b', name: 'Depot', personal: true, bytes: 2_048 },
            { projectId: 'c', name: 'Kitchen', teamName: 'Personal space', personal: true, bytes: 300 },
          ],
        },
      }),
    );
    expect(text(one(el, tag('caption')))).toBe('Projects on this device, largest first');
    expect(all(el, tag('th')).map((th) => text(th))).toEqual(['Project', 'Team', 'Size here (about)']);
    expect(all(one(el, tag('tbody')), tag('tr')).map((tr) => all(tr, tag('td')).map((td) => text(td)))).toEqual([
      ['Viaduct', 'Bridge team', '12 MB'],
      ['Depot', '—', '2 KB'],
      ['Kitchen', 'Personal space', '300 bytes'],
    ]);
  });

  it('leaves the team column out when every project is in the personal space, says when it is measuring, and why it could not', () => {
    const sizes = [
      { projectId: 'b', name: 'Depot', teamName: 'Personal space', personal: true, bytes: 2_048 },
      { projectId: 'c', name: 'Kitchen', personal: true, bytes: 300 },
    ];
    const el = render(createElement(ProjectSizesView, { reading: { kind: 'read', sizes } }));
    expect(all(el, tag('th')).map((th) => text(th))).toEqual(['Project', 'Size here (about)']);
    expect(text(render(createElement(ProjectSizesView, { reading: { kind: 'reading' } })))).toBe('Measuring each project…');
    expect(text(render(createElement(ProjectSizesView, { reading: { kind: 'failed', message: 'The disk is full.' } })))).toBe(
      'Earnest could not measure the projects on this device: The disk is full.',
    );
  });
});
