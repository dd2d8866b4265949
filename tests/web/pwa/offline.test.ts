/**
 * The offline indicator: the online/offline events reach it (watchOnline is what useOnline
 * subscribes with), and it renders a worded, announced mark only while offline.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { watchOnline, type OnlineSource } from '../../../src/pwa/onlineStatus';
import { OFFLINE_DETAIL, OfflineIndicatorView } from '../../../src/ui/OfflineIndicator';
import { all, attr, hasClass, one, render, tag, text, visibleText } from '../dashboard/html';

/** A window stand-in: a real EventTarget whose navigator.onLine the test flips, as the browser does before firing. */
function fakeWindow(onLine: boolean): OnlineSource & { go(online: boolean): void } {
  const win = new EventTarget() as OnlineSource & { go(online: boolean): void };
  win.navigator = { onLine };
  win.go = (online) => {
    win.navigator.onLine = online;
    win.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  return win;
}

const indicator = (online: boolean) => render(createElement(OfflineIndicatorView, { online }));

describe('OfflineIndicator', () => {
  it('follows the online and offline events until unsubscribed', () => {
    const win = fakeWindow(true);
    const seen: boolean[] = [];
    const stop = watchOnline(win, (online) => seen.push(online));
    win.go(false);
    win.go(true);
    win.go(false);
    stop();
    win.go(true);
    expect(seen).toEqual([false, true, false]);
  });

  it('toggles with the events: nothing shown online, "Offline" in words and an announced status offline', () => {
    const win = fakeWindow(true);
    let page = indicator(win.navigator.onLine);
    const stop = watchOnline(win, (online) => {
      page = indicator(online);
    });

    // Online: the live region is there (so a change is announced) but empty.
    const region = one(page, attr('role', 'status'));
    expect(region.children).toEqual([]);

    win.go(false);
    const offline = one(page, attr('role', 'status'));
    expect(visibleText(offline)).toBe('Offline');
    expect(text(offline)).toBe(`Offline: ${OFFLINE_DETAIL}`);
    // Not colour only: a word, plus an icon that screen readers skip.
    expect(one(offline, tag('svg')).attrs['aria-hidden']).toBe('true');
    expect(all(offline, hasClass('offline-indicator'))).toHaveLength(1);

    win.go(true);
    expect(one(page, attr('role', 'status')).children).toEqual([]);
    stop();
  });
});
