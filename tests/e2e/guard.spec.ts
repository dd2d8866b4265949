import { expect, test } from '@playwright/test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { GuardView, guardOutcome, type GuardOutcome } from '../../src/app/ProtectedRoute';
import { useSession } from '../../src/client/session';
import { useSubscription } from '../../src/client/subscription';

// The /app guard's rule and what it renders, in Node (no browser). The built app cannot be
// signed in yet; shell.spec.ts covers the signed-out redirect in Chromium.

function render(outcome: GuardOutcome): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: ['/app'] }, createElement(GuardView, { outcome, children: createElement('p', null, 'secret app') })),
  );
}

test('store defaults: signed out, subscription not loading', () => {
  expect(useSession.getState()).toMatchObject({ user: null, status: 'signed-out' });
  expect(useSubscription.getState().loading).toBe(false);
  expect(useSubscription.getState()).toMatchObject({ subscribed: false, totalUsers: 1, totalProjects: 3 });
});

test('the guard rule', () => {
  expect(guardOutcome('signed-out', false, false)).toBe('redirect');
  expect(guardOutcome('signed-out', false, true)).toBe('redirect');
  expect(guardOutcome('loading', false, false)).toBe('loading');
  expect(guardOutcome('loading', false, true)).toBe('loading');
  expect(guardOutcome('signed-in', true, true)).toBe('loading');
  expect(guardOutcome('signed-in', true, false)).toBe('render');
  // A recheck while the app is already shown to this user keeps it on screen (an import being
  // read survives the stored session's confirmation); the first load and other users still wait.
  expect(guardOutcome('signed-in', true, true, true)).toBe('render');
  expect(guardOutcome('signed-in', true, true, false)).toBe('loading');
  expect(guardOutcome('signed-out', false, true, true)).toBe('redirect');
  expect(guardOutcome('loading', true, true, true)).toBe('loading');
});

test('loading shows a "Loading..." spinner and not the app', () => {
  const html = render('loading');
  expect(html).toContain('role="status"');
  expect(html).toContain('Loading...');
  expect(html).not.toContain('secret app');
});

test('redirect does not render the app', () => {
  expect(render('redirect')).not.toContain('secret app');
});

test('render shows the app', () => {
  expect(render('render')).toBe('<p>secret app</p>');
});

test('signOut clears storage except the theme', async () => {
  const store = new Map<string, string>([
    ['vite-ui-theme', 'dark'],
    ['token', 'abc'],
  ]);
  const session = new Map<string, string>([['sessionId', 's1']]);
  const fake = (m: Map<string, string>) => ({
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  });
  const g = globalThis as unknown as { localStorage?: unknown; sessionStorage?: unknown };
  const saved = { localStorage: g.localStorage, sessionStorage: g.sessionStorage };
  g.localStorage = fake(store);
  g.sessionStorage = fake(session);
  try {
    useSession.getState().setUser({ id: 'u1', email: 'planner@example.com' });
    expect(useSession.getState().status).toBe('signed-in');
    await useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'signed-out' });
    expect([...store.entries()]).toEqual([['vite-ui-theme', 'dark']]);
    expect(session.size).toBe(0);
  } finally {
    g.localStorage = saved.localStorage;
    g.sessionStorage = saved.sessionStorage;
  }
});
