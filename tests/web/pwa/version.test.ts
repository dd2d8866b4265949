/**
 * /pwa's app-version section and its signed-out device section: the build id and its time, the
 * service worker's state in words, and the update offered with the update prompt's own action.
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppVersionView, type AppVersionViewProps } from '../../../src/pwa/AppVersionSection';
import { SignedOutDeviceSection } from '../../../src/pwa/PwaPage';
import { buildTime, describeWorker, workerSnapshot, type WorkerSnapshot } from '../../../src/pwa/swStatus';
import { all, attr, one, render, tag, text } from '../dashboard/html';

const ACTIVE: WorkerSnapshot = { supported: true, registrationError: null, registered: true, active: 'activated', installing: false, waiting: false, controlled: true };

describe('buildTime', () => {
  it('reads the build time back from a build id (Date.now() in base 36)', () => {
    const at = Date.UTC(2025, 10, 27, 2, 59, 0);
    expect(buildTime(at.toString(36))?.getTime()).toBe(at);
    expect(buildTime('dev')).toBeNull();
    expect(buildTime('zzzzzzzzzz')).toBeNull();
    expect(buildTime((Date.UTC(2020, 0, 1)).toString(36))).toBeNull();
  });
});

describe('describeWorker', () => {
  it('says whether the page works offline, from the worker’s state', () => {
    expect(describeWorker(ACTIVE)).toMatchObject({ label: 'Active', worksOffline: true });
    expect(describeWorker({ ...ACTIVE, controlled: false })).toMatchObject({ label: 'Installed', worksOffline: false });
    expect(describeWorker({ ...ACTIVE, active: null, installing: true })).toMatchObject({ label: 'Downloading', worksOffline: false });
    expect(describeWorker({ ...ACTIVE, active: 'activating' })).toMatchObject({ label: 'Activating' });
    expect(describeWorker({ ...ACTIVE, registered: false, active: null })).toMatchObject({ label: 'Starting' });
    expect(describeWorker({ ...ACTIVE, supported: false }).detail).toMatch(/opens here only while online/);
    const failed = describeWorker({ ...ACTIVE, registered: false, registrationError: 'SecurityError: insecure origin' });
    expect(failed.label).toBe('Not installed');
    expect(failed.detail).toContain('(SecurityError: insecure origin)');
  });

  it('reads the snapshot from the browser’s objects', () => {
    const registration = { active: { state: 'activated' }, installing: null, waiting: { state: 'installed' } } as unknown as ServiceWorkerRegistration;
    expect(workerSnapshot({ controller: {} as ServiceWorker }, registration, null)).toEqual({ ...ACTIVE, waiting: true });
    expect(workerSnapshot(undefined, null, null)).toMatchObject({ supported: false, registered: false, controlled: false });
  });
});

describe('AppVersionView', () => {
  const base: AppVersionViewProps = {
    buildId: Date.UTC(2025, 10, 27, 12, 0).toString(36),
    worker: ACTIVE,
    updateAvailable: false,
    onCheck: () => undefined,
    onUpdate: null,
    check: 'idle',
    online: true,
    updating: false,
  };
  const view = (p: Partial<AppVersionViewProps>) => render(createElement(AppVersionView, { ...base, ...p }));
  const buttons = (p: Partial<AppVersionViewProps>) => all(view(p), tag('button'));

  it('shows the build id, its date and the worker’s state', () => {
    const page = view({});
    expect(text(one(page, attr('data-figure', 'build')))).toBe(base.buildId);
    expect(text(page)).toContain('27 Nov 2025');
    expect(text(one(page, attr('data-figure', 'worker')))).toBe('Active');
    expect(text(page)).toContain('it opens and works with no connection');
  });

  it('update available: the Reload action, busy while it runs; no check button', () => {
    expect(buttons({ updateAvailable: true, onUpdate: () => undefined }).map((b) => [text(b), b.attrs.disabled])).toEqual([['Reload to update', undefined]]);
    expect(buttons({ updateAvailable: true, onUpdate: () => undefined, updating: true }).map((b) => [text(b), b.attrs.disabled])).toEqual([['Updating…', '']]);
    expect(text(one(view({ updateAvailable: true, onUpdate: () => undefined }), attr('aria-label', 'Update available')))).toMatch(/^A new version is available\./);
  });

  it('no update: a check button, disabled offline with the reason, and its outcome announced', () => {
    expect(buttons({}).map(text)).toEqual(['Check for updates']);
    const offline = view({ online: false });
    expect(one(offline, tag('button')).attrs.disabled).toBe('');
    expect(text(one(offline, attr('role', 'status')))).toBe('Connect to the internet to check for updates.');
    expect(text(one(view({ check: 'latest' }), attr('role', 'status')))).toBe('This is the latest version.');
    expect(one(view({ check: 'checking' }), tag('button')).attrs.disabled).toBe('');
    // No registration (no service worker): nothing to check with.
    expect(buttons({ onCheck: null })).toHaveLength(0);
  });

  it('a development build says so instead of a date', () => {
    const page = view({ buildId: 'dev' });
    expect(text(one(page, attr('data-figure', 'build')))).toBe('Development build');
  });
});

describe('SignedOutDeviceSection', () => {
  const section = (status: 'signed-out' | 'loading') =>
    render(createElement(MemoryRouter, null, createElement(SignedOutDeviceSection, { status }) as ReactElement));

  it('signed out: says what the section shows once signed in, with the way to sign in', () => {
    const page = section('signed-out');
    expect(text(page)).toMatch(/^This deviceSign in to see how many projects and imports your account keeps in this browser/);
    expect(one(page, tag('a')).attrs.href).toBe('/auth');
  });

  it('while the session loads: neither a sign-in button nor figures', () => {
    const page = section('loading');
    expect(all(page, tag('a'))).toHaveLength(0);
    expect(text(page)).toContain('Checking who is signed in');
  });
});
