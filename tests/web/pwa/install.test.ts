/**
 * /pwa-install: the early capture of Chromium's install event, the installed-state checks, the
 * platform guess that orders the steps, and the page in each state (rendered to static markup).
 */
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { detectPlatform, isStandalone, promptInstall, startInstallCapture, useInstall, type InstallPlatform, type InstallWindow } from '../../../src/pwa/installPrompt';
import { InstallView, installStatus, type InstallStatus } from '../../../src/pwa/PwaInstallPage';
import { INSTALL_GUIDES } from '../../../src/pwa/installSteps';
import { all, attr, hasClass, one, render, tag, text, type El } from '../dashboard/html';

// Real user-agent strings of the browsers the page has steps for.
const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // iPadOS Safari asks for the desktop site: it says Macintosh, but a Mac has no touch screen.
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('detectPlatform', () => {
  it('tells the install routes apart, iPad included', () => {
    expect(detectPlatform(UA.iphone, 5)).toBe('ios');
    expect(detectPlatform(UA.ipad, 5)).toBe('ios');
    expect(detectPlatform(UA.macSafari, 0)).toBe('mac-safari');
    expect(detectPlatform(UA.android, 5)).toBe('android');
    expect(detectPlatform(UA.chrome, 0)).toBe('desktop-chromium');
    expect(detectPlatform(UA.edge, 0)).toBe('desktop-chromium');
    expect(detectPlatform(UA.firefox, 0)).toBe('desktop-firefox');
    expect(detectPlatform('curl/8.0', 0)).toBe('other');
  });
});

/** A window stand-in: a real EventTarget with the display mode and iOS flag the checks read. */
function fakeWindow(opts: { standaloneMedia?: boolean; iosStandalone?: boolean } = {}): InstallWindow {
  const win = new EventTarget() as InstallWindow;
  win.matchMedia = (q: string) => ({ matches: q === '(display-mode: standalone)' && !!opts.standaloneMedia });
  win.navigator = { standalone: opts.iosStandalone };
  return win;
}

/** A beforeinstallprompt event whose prompt() records the call and whose user answers `answer`. */
function installEvent(answer: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompted: number; prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompted = 0;
  event.prompt = async () => {
    event.prompted++;
  };
  event.userChoice = Promise.resolve({ outcome: answer });
  return event;
}

describe('install capture', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    useInstall.setState({ deferred: null, standalone: false, installedNow: false, outcome: null });
  });

  it('reads the installed state from the display mode or iOS’s flag', () => {
    expect(isStandalone(fakeWindow())).toBe(false);
    expect(isStandalone(fakeWindow({ standaloneMedia: true }))).toBe(true);
    expect(isStandalone(fakeWindow({ iosStandalone: true }))).toBe(true);
    stop = startInstallCapture(fakeWindow({ standaloneMedia: true }));
    expect(useInstall.getState().standalone).toBe(true);
  });

  it('keeps the event (and the browser’s own infobar away), prompts once, and records the answer', async () => {
    const win = fakeWindow();
    stop = startInstallCapture(win);
    expect(installStatus(useInstall.getState())).toBe('manual');

    const event = installEvent('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstall.getState().deferred).toBe(event);
    expect(installStatus(useInstall.getState())).toBe('prompt');

    expect(await promptInstall()).toBe('accepted');
    expect(event.prompted).toBe(1);
    expect(installStatus(useInstall.getState())).toBe('accepted');
    // The event is spent: a second click has nothing to show.
    expect(await promptInstall()).toBe('unavailable');
    expect(event.prompted).toBe(1);

    win.dispatchEvent(new Event('appinstalled'));
    expect(installStatus(useInstall.getState())).toBe('installed');
  });

  it('a dismissed prompt leaves the steps, not a dead button', async () => {
    const win = fakeWindow();
    stop = startInstallCapture(win);
    win.dispatchEvent(installEvent('dismissed'));
    expect(await promptInstall()).toBe('dismissed');
    expect(installStatus(useInstall.getState())).toBe('dismissed');
  });

  it('stops listening when asked', () => {
    const win = fakeWindow();
    startInstallCapture(win)();
    win.dispatchEvent(installEvent('accepted'));
    expect(useInstall.getState().deferred).toBeNull();
  });
});

describe('InstallView', () => {
  const view = (status: InstallStatus, platform: InstallPlatform): El =>
    render(createElement(MemoryRouter, null, createElement(InstallView, { status, platform, onInstall: () => undefined }) as ReactElement));
  const statusLine = (page: El) => text(one(page, attr('data-install-status'), 'status line'));
  const guideOrder = (page: El) => all(page, attr('data-guide')).map((e) => e.attrs['data-guide']);
  const yourGuide = (page: El) => all(page, hasClass('pwa-yours')).map((b) => b.parent!.parent!.attrs['data-guide']);

  it('prompt available: an Install Earnest button, and the steps with yours first', () => {
    const page = view('prompt', 'desktop-chromium');
    expect(all(page, tag('button')).map(text)).toEqual(['Install Earnest']);
    expect(statusLine(page)).toMatch(/^This browser can install Earnest/);
    expect(guideOrder(page)[0]).toBe('desktop');
    expect(yourGuide(page)).toEqual(['desktop']);
    expect(guideOrder(page)).toHaveLength(INSTALL_GUIDES.length);
  });

  it('installed (standalone): says so, no button and no install steps', () => {
    const page = view('standalone', 'desktop-chromium');
    expect(all(page, tag('button'))).toHaveLength(0);
    expect(text(one(page, hasClass('pwa-badge-done')))).toBe('Installed');
    expect(statusLine(page)).toBe('You are using the installed app. Open it from your Home Screen, Dock, taskbar or Start menu.');
    expect(guideOrder(page)).toEqual([]);
  });

  it('installed during this visit: says where to find it', () => {
    const page = view('installed', 'android');
    expect(all(page, tag('button'))).toHaveLength(0);
    expect(statusLine(page)).toMatch(/^Earnest is installed\./);
  });

  it('iOS: no button (Safari has no prompt), Share → Add to Home Screen first', () => {
    const page = view('manual', 'ios');
    expect(all(page, tag('button'))).toHaveLength(0);
    expect(statusLine(page)).toBe('On iPhone and iPad, Earnest is installed from Safari’s Share menu: see the steps below.');
    expect(guideOrder(page)[0]).toBe('ios');
    const steps = all(one(page, attr('data-guide', 'ios')), tag('li')).map(text);
    expect(steps[1]).toMatch(/^Tap Share/);
    expect(steps[2]).toMatch(/^Tap Add to Home Screen/);
  });

  it('always says what works offline and what needs a connection', () => {
    const page = view('manual', 'other');
    const lists = all(page, hasClass('pwa-offline-lists'))[0];
    expect(all(lists, tag('h3')).map(text)).toEqual(['Works with no connection', 'Needs a connection']);
    const body = text(lists);
    for (const word of ['Importing schedules', 'Analysis and dashboards', 'projects stored on this device', 'Signing in', 'Syncing', 'billing']) {
      expect(body).toContain(word);
    }
    expect(yourGuide(page)).toEqual([]);
  });
});
