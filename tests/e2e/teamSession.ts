/**
 * What the team sync specs share (sync.spec.ts, sync-team.spec.ts, sync-move.spec.ts): browsers
 * signed in as existing accounts, an invitation made and accepted through the API, and the period
 * table they import.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD } from './ownServer';

export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Signs `context` in as `email` (the refresh cookie from the API, the session stored as the app keeps it). */
export async function signInContext(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const user = ((await res.json()) as { user: { id: string; email: string } }).user;
  await context.addInitScript((u) => {
    if (!localStorage.getItem('earnest-session')) localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 }));
    localStorage.setItem('cookie-consent', 'essential');
  }, { id: user.id, email: user.email });
}

/** A new browser (its own storage: another device) signed in as `email`. */
export async function browserOf(browser: Browser, baseURL: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await signInContext(context, email);
  return context;
}

/**
 * `owner` invites `invitee` to the owner's home team with `role`, through the API and the mailed
 * link (the dev outbox), and the invitee accepts. Returns the team.
 */
export async function joinOwnersTeam(request: APIRequestContext, owner: string, invitee: string, role: 'viewer' | 'editor' | 'admin'): Promise<{ id: string; name: string }> {
  const auth = { Authorization: `Bearer ${await tokenFor(request, owner)}` };
  const teams = ((await (await request.get('/api/teams', { headers: auth })).json()) as { teams: { id: string; name: string; is_home: boolean }[] }).teams;
  const team = teams.find((t) => t.is_home)!;
  const invited = await request.post(`/api/teams/${team.id}/invitations`, { data: { email: invitee, role }, headers: auth });
  expect(invited.status(), await invited.text()).toBe(201);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { messages: { to: string; text: string }[] };
  const link = /(https?:\/\/\S+\/accept-invitation\?token=\S+)/.exec(outbox.messages.filter((m) => m.to === invitee).at(-1)!.text)![1];
  const token = new URL(link).searchParams.get('token');
  const accepted = await request.post('/api/invitations/accept', { data: { token }, headers: { Authorization: `Bearer ${await tokenFor(request, invitee)}` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { id: team.id, name: team.name };
}

/** Monthly cumulative PV/EV/AC: CPI = 380,000 / 420,000 = 0.90 and SPI = 380,000 / 450,000 = 0.84 at March. */
export const PERIOD_CSV = [
  'Period end,Planned,Earned,Actual',
  '31/01/2025,100000,80000,90000',
  '28/02/2025,250000,200000,230000',
  '31/03/2025,450000,380000,420000',
  '30/04/2025,700000,,',
  '31/05/2025,900000,,',
  '30/06/2025,1000000,,',
].join('\n');

/** Imports PERIOD_CSV as a project named after `fileName` and opens its dashboard. */
export async function importPeriodTable(page: Page, fileName: string): Promise<void> {
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(PERIOD_CSV) });
  await expect(page.getByRole('heading', { name: `Check the columns of ${fileName}` })).toBeVisible();
  await page.getByRole('radio', { name: /cumulative \(running totals\)/ }).check();
  await page.getByRole('button', { name: 'Analyse this table' }).click();
  await expect(page.locator('[data-metric="cpi"]')).toContainText('0.90');
  await page.getByRole('button', { name: 'Save as a project' }).click();
  await expect(page).toHaveURL(/\/app\/projects\//);
}
