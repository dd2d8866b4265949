import { expect as baseExpect, test as base, type APIRequestContext } from '@playwright/test';
import { ownServerWithAdmin, PASSWORD } from './ownServer';
import { expectNoSeriousAxe, shots } from './pageChecks';

/*
 * The contact form and invitation acceptance in Chromium against the real server.
 *
 * The team owner is an administrator (999 seats, so an invitation always fits), made with the admin
 * command (server/cli/admin.ts). That command opens the LevelDB store itself and LevelDB admits one
 * process at a time, so this file runs its own server (same entry point, own data directory, own
 * in-memory rate limits, which the rate-limit test below uses up): start, sign the owner up, stop,
 * grant, start again.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OWNER = `team-owner-${stamp}@example.com`;
const OTHER = `someone-else-${stamp}@example.com`;
// Generous waits: these flows sign up, sign in and run axe, on a 2-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const test = base.extend<object, { server: { url: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ownServerWithAdmin('earnest-e2e-invite-', OWNER, [OTHER]);
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

interface StoredMessage {
  name: string;
  email: string;
  company: string | null;
  subject: string | null;
  message: string;
}

async function contactMessages(request: APIRequestContext): Promise<{ total: number; messages: StoredMessage[] }> {
  const token = await tokenFor(request, OWNER);
  const res = await request.get('/api/contact/messages', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { total: number; messages: StoredMessage[] };
}

/** Invites `email` to the owner's home team; returns the team and the mailed link's path. */
async function invite(request: APIRequestContext, email: string, role: string): Promise<{ team: { id: string; name: string }; path: string }> {
  const auth = { Authorization: `Bearer ${await tokenFor(request, OWNER)}` };
  const teams = ((await (await request.get('/api/teams', { headers: auth })).json()) as { teams: { id: string; name: string; is_home: boolean }[] }).teams;
  const team = teams.find((t) => t.is_home)!;
  const res = await request.post(`/api/teams/${team.id}/invitations`, { data: { email, role }, headers: auth });
  expect(res.status(), await res.text()).toBe(201);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { messages: { to: string; text: string }[] };
  const mail = outbox.messages.filter((m) => m.to === email).at(-1)!;
  const link = /(https?:\/\/\S+\/accept-invitation\?token=\S+)/.exec(mail.text)![1];
  const url = new URL(link);
  return { team, path: `${url.pathname}${url.search}` };
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('contact: the form checks its fields, sends, confirms and the message is stored', async ({ page, request }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posts.push(r.postData() ?? '');
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page).toHaveTitle('Contact — Earnest');
  await expect(page.getByRole('link', { name: 'hello@earnest.example' })).toHaveAttribute('href', 'mailto:hello@earnest.example');
  await expectNoSeriousAxe(page);
  await shots(page, 'contact');

  // Nothing filled in: a message by each required field, the first one focused, nothing sent.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Tell us your name.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address, so that we can reply.');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription(/Write your message: what would you like to tell us\?/);
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.getByLabel('Email').fill('ada@');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address, like ada@example.com.');
  expect(posts).toHaveLength(0);
  await expectNoSeriousAxe(page);

  // The honeypot is out of sight, out of the accessibility tree and out of the tab order.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(page.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
  expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);

  const email = `grace-${stamp}@example.com`;
  await page.getByLabel('Name').fill('Grace   Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Company' }).fill('Harbour Rail JV');
  await page.getByLabel('Subject').selectOption('Support');
  await page.getByLabel('Message', { exact: true }).fill('Our P6 export shows SPI(t) of 0.91 but the contractor reports 0.97. Which is right?');
  await page.getByLabel('Message', { exact: true }).press('Tab');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toContainText(`Thank you — we'll reply to ${email} within one working day.`);
  expect(posts).toHaveLength(1);
  await shots(page, 'contact-sent');

  const stored = await contactMessages(request);
  expect(stored.messages[0]).toMatchObject({
    name: 'Grace Hopper',
    email,
    company: 'Harbour Rail JV',
    subject: 'Support',
    message: 'Our P6 export shows SPI(t) of 0.91 but the contractor reports 0.97. Which is right?',
  });

  // A bot that fills the honeypot gets the same answer, and nothing is stored.
  const bot = await request.post('/api/contact', { data: { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'https://spam.example' } });
  expect(bot.status()).toBe(201);
  expect((await contactMessages(request)).total).toBe(stored.total);

  // "Send another message" keeps who you are and clears the message.
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('contact: offline, and the server refusing (rate limit) are said plainly; the message is kept', async ({ page, request }) => {
  await page.goto('/contact?subject=sales');
  await expect(page.getByLabel('Subject')).toHaveValue('Sales');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message', { exact: true }).fill('We would like a quote for 12 users.');

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^You are offline: the contact form needs a connection\./);
  await page.context().setOffline(false);

  // Use up this network's allowance (five an hour), with bot-like messages that are never stored.
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/contact', { data: { name: 'Filler', email: 'filler@example.com', message: 'x', website: 'filled' } });
    if (res.status() === 429) break;
    expect(res.status()).toBe(201);
  }
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many messages from this network. Wait 60 minutes and try again.');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('We would like a quote for 12 users.');
});

test('invitation: no token, and a link that is not valid, each say so', async ({ page }) => {
  await page.goto('/accept-invitation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accept Invitation');
  await expect(page).toHaveTitle('Accept Invitation — Earnest');
  await expect(page.getByRole('heading', { name: 'No invitation link' })).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.goto('/accept-invitation?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This invitation link is not valid. Check that it was copied in full, or ask for a new invitation.');
});

test('invitation: the invitee sees team and role, creates an account, comes back, accepts and is in the team', async ({ page, request }) => {
  const invitee = `invitee-${stamp}@example.com`;
  const { team, path } = await invite(request, invitee, 'editor');

  await page.goto(path);
  await expect(page.getByRole('heading', { name: `Join ${team.name}` })).toBeVisible();
  await expect(page.getByText(`${OWNER} invited you to join the team ${team.name} on Earnest as an editor.`)).toBeVisible();
  const facts = page.locator('.invite-facts');
  await expect(facts).toContainText(`Team${team.name}`);
  await expect(facts).toContainText('Your roleEditor');
  await expect(facts).toContainText(`Invited address${invitee}`);
  await expect(facts).toContainText(`Invited by${OWNER}`);
  await expectNoSeriousAxe(page);
  await shots(page, 'invite');

  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await page.getByLabel('Email').fill(invitee);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Back on the invitation, signed in as the invited address.
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
  await expect(page.getByText(`You are signed in as ${invitee}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { name: `You have joined ${team.name}` })).toBeVisible();
  await expect(page.getByText(`You are now an editor in ${team.name}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Earnest' })).toHaveAttribute('href', '/app');
  await expectNoSeriousAxe(page);
  await shots(page, 'invite-accepted');

  const teams = ((await (await request.get('/api/teams', { headers: { Authorization: `Bearer ${await tokenFor(request, invitee)}` } })).json()) as {
    teams: { id: string; role: string }[];
  }).teams;
  expect(teams).toContainEqual(baseExpect.objectContaining({ id: team.id, role: 'editor' }));

  // The link works once.
  await page.goto(path);
  await expect(page.getByRole('alert')).toHaveText('This invitation has already been accepted. Sign in to open the team.');
});

test('invitation: signed in as another address, accepting shows the server message and a way to switch', async ({ page, request }) => {
  const invited = `invited-${stamp}@example.com`;
  const { team, path } = await invite(request, invited, 'viewer');

  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in to accept' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  await page.getByLabel('Email').fill(OTHER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
  await expect(page.getByText(`You are signed in as ${OTHER}, but this invitation is for ${invited}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `This invitation was sent to ${invited}, but you are signed in as ${OTHER}. Sign in with the invited address to accept it.`,
  );
  await expectNoSeriousAxe(page);
  await shots(page, 'invite-wrong-account');

  // Nothing changed for the other account.
  const teams = ((await (await request.get('/api/teams', { headers: { Authorization: `Bearer ${await tokenFor(request, OTHER)}` } })).json()) as {
    teams: { id: string }[];
  }).teams;
  expect(teams.map((t) => t.id)).not.toContain(team.id);

  await page.getByRole('button', { name: 'Sign out and switch account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});
