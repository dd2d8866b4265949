/**
 * /pwa's storage section: figures formatted from a given estimate, what persistence answers mean,
 * and the persist button through its states (rendered to static markup).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { StorageView, type EstimateReading } from '../../../src/pwa/StorageSection';
import {
  formatBytes,
  formatShare,
  persistenceMeaning,
  readPersistence,
  requestPersistence,
  storageFigures,
  type Persistence,
  type StorageManagerLike,
} from '../../../src/pwa/storageStatus';
import { all, attr, one, render, tag, text, type El } from '../dashboard/html';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('formatBytes and formatShare', () => {
  it('writes bytes in the units the account page uses', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(5.25 * MB)).toBe('5.3 MB');
    expect(formatBytes(1234 * MB - 1)).toBe('1.2 GB');
    expect(formatBytes(250 * MB)).toBe('250 MB');
    expect(formatBytes(512 * GB)).toBe('512 GB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('never shows something stored as 0%, nor a nearly full store as 100%', () => {
    expect(formatShare(0, GB)).toBe('0%');
    expect(formatShare(1, GB)).toBe('less than 0.1%');
    expect(formatShare(25 * MB, 10 * GB)).toBe('0.2%');
    expect(formatShare(3 * GB, 10 * GB)).toBe('30%');
    expect(formatShare(9.97 * GB, 10 * GB)).toBe('more than 99%');
    expect(formatShare(10 * GB, 10 * GB)).toBe('100%');
    expect(formatShare(MB, 0)).toBeNull();
  });
});

describe('storageFigures', () => {
  it('formats an estimate and warns only when little room is left', () => {
    const roomy = storageFigures({ usage: 25 * MB, quota: 10 * GB });
    expect(roomy).toEqual({ used: '25 MB', quota: '10.0 GB', share: '0.2%', fraction: 25 / 10240, warning: null });

    const full = storageFigures({ usage: 900 * MB, quota: GB });
    expect(full.share).toBe('88%');
    expect(full.warning).toBe(
      'This browser has 124 MB left for Earnest. A large import may not fit: delete projects you no longer need here, or free space on the device.',
    );
  });

  it('says nothing about a share when the browser gives no quota', () => {
    expect(storageFigures({ usage: 3 * MB })).toEqual({ used: '3.0 MB', quota: null, share: null, fraction: null, warning: null });
  });
});

describe('reading and requesting persistence', () => {
  const manager = (persisted: boolean | Error, persist?: boolean | Error): StorageManagerLike => ({
    persisted: () => (persisted instanceof Error ? Promise.reject(persisted) : Promise.resolve(persisted)),
    persist: persist === undefined ? undefined : () => (persist instanceof Error ? Promise.reject(persist) : Promise.resolve(persist)),
  });

  it('reads the browser’s answer', async () => {
    expect(await readPersistence(undefined)).toEqual({ kind: 'unsupported' });
    expect(await readPersistence(manager(true, true))).toEqual({ kind: 'persistent' });
    expect(await readPersistence(manager(false, true))).toEqual({ kind: 'best-effort', request: 'not-asked' });
    expect(await readPersistence(manager(new Error('no')))).toEqual({ kind: 'unsupported' });
  });

  it('asks, and keeps a refusal or a failure apart from a grant', async () => {
    expect(await requestPersistence(manager(false, true))).toEqual({ kind: 'persistent' });
    expect(await requestPersistence(manager(false, false))).toEqual({ kind: 'best-effort', request: 'refused' });
    expect(await requestPersistence(manager(false, new Error('blocked')))).toEqual({ kind: 'best-effort', request: 'failed' });
    expect(await requestPersistence(manager(false))).toEqual({ kind: 'unsupported' });
  });
});

describe('StorageView', () => {
  const read: EstimateReading = { kind: 'read', usage: 25 * MB, quota: 10 * GB };
  const view = (estimate: EstimateReading, persistence: Persistence): El =>
    render(createElement(StorageView, { estimate, persistence, onPersist: () => undefined }));
  const figure = (page: El, name: string) => text(one(page, attr('data-figure', name), name));
  const buttons = (page: El) => all(page, tag('button'));

  it('shows used, allowed and share from the estimate, with a meter', () => {
    const page = view(read, { kind: 'persistent' });
    expect(figure(page, 'used')).toBe('25 MB');
    expect(figure(page, 'quota')).toBe('10.0 GB');
    expect(figure(page, 'share')).toBe('0.2%');
    expect(one(page, tag('meter')).attrs.value).toBe(String(25 / 10240));
    expect(all(page, attr('role', 'alert'))).toHaveLength(0);
  });

  it('warns when the store is nearly full', () => {
    const page = view({ kind: 'read', usage: 950 * MB, quota: GB }, { kind: 'persistent' });
    expect(text(one(page, attr('role', 'alert')))).toMatch(/^This browser has 74 MB left for Earnest\./);
  });

  it('says so when the browser gives no estimate', () => {
    const page = view({ kind: 'unavailable' }, { kind: 'unsupported' });
    expect(text(page)).toContain('This browser does not say how much storage Earnest uses or may use.');
    expect(all(page, attr('data-figure'))).toHaveLength(0);
  });

  it('persist button: offered when best effort, busy while asking, "Ask again" after a refusal, gone once persistent', () => {
    const notAsked = view(read, { kind: 'best-effort', request: 'not-asked' });
    expect(buttons(notAsked).map(text)).toEqual(['Keep Earnest’s data on this device']);
    expect(buttons(notAsked)[0].attrs.disabled).toBeUndefined();
    expect(text(one(notAsked, attr('data-persistence')))).toBe('No');
    expect(text(one(notAsked, attr('role', 'status')))).toMatch(/may clear Earnest’s data when the device runs short of space/);

    const asking = view(read, { kind: 'best-effort', request: 'asking' });
    expect(buttons(asking).map(text)).toEqual(['Asking the browser…']);
    expect(buttons(asking)[0].attrs.disabled).toBe('');

    const refused = view(read, { kind: 'best-effort', request: 'refused' });
    expect(buttons(refused).map(text)).toEqual(['Ask again']);
    expect(text(one(refused, attr('role', 'status')))).toBe(persistenceMeaning({ kind: 'best-effort', request: 'refused' }));
    expect(text(one(refused, attr('role', 'status')))).toMatch(/^The browser said no\./);

    const granted = view(read, { kind: 'persistent' });
    expect(buttons(granted)).toHaveLength(0);
    expect(text(one(granted, attr('data-persistence')))).toBe('Yes');
    expect(text(one(granted, attr('role', 'status')))).toMatch(/will not clear Earnest’s data/);

    const unsupported = view(read, { kind: 'unsupported' });
    expect(buttons(unsupported)).toHaveLength(0);
    expect(text(one(unsupported, attr('data-persistence')))).toBe('Unknown');
  });
});
