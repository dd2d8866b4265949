/**
 * Moving a project from the personal space to a team (issue 13) in Chromium against the built app:
 * a member (editor) of the owner's team creates a project in their personal space, moves it to the
 * team with "Move to…" on its dashboard, and the owner's browser receives it; the member's personal
 * space no longer lists it. The owner is an administrator (projects always fit), made with the
 * admin command, which is why the server is this file's own (ownServer.ts).
 */
import { expect as baseExpect, test as base } from '@playwright/test';
import { ownServerWithAdmin, type OwnServer } from './ownServer';
import { browserOf, joinOwnersTeam } from './teamSession';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OWNER = `move-owner-${stamp}@example.com`;
const MEMBER = `move-member-${stamp}@example.com`;
const expect = baseExpect.configure({ timeout: 30_000 });

const test = base.extend<object, { server: OwnServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ownServerWithAdmin('earnest-e2e-move-', OWNER, [MEMBER]);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test.describe.configure({ timeout: 180_000 });

test('a member moves a project from their personal space to the team, and the owner receives it', async ({ browser, server, request }) => {
  // The owner invites the member to the owner's (home) team as an editor; the member accepts.
  const team = await joinOwnersTeam(request, OWNER, MEMBER, 'editor');

  const owner = await browserOf(browser, server.url, OWNER);
  const member = await browserOf(browser, server.url, MEMBER);
  try {
    const page = await member.newPage();
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.getByLabel('New project name').fill('Culvert renewal');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('link', { name: 'Culvert renewal', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/projects\//);

    await page.getByLabel('Move this project to another space').selectOption({ label: `${team.name} (Editor)` });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Culvert renewal moves from your personal space to ${team.name}. Members of ${team.name} will see it.`);
    await dialog.getByRole('button', { name: `Move to ${team.name}` }).click();
    await expect(page.getByText(`Culvert renewal is now in ${team.name}.`)).toBeVisible({ timeout: 60_000 });
    await expect(dialog).toBeHidden();

    // The member's list shows it in the team, and nowhere else.
    await page.goto('/app');
    const inTeam = page.locator('.project-group').filter({ has: page.getByRole('heading', { name: team.name }) });
    await expect(inTeam.getByRole('link', { name: 'Culvert renewal', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Culvert renewal', exact: true })).toHaveCount(1);

    // The owner's browser receives it.
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/app');
    await expect(ownerPage.getByRole('link', { name: 'Culvert renewal', exact: true })).toBeVisible({ timeout: 60_000 });
  } finally {
    await owner.close();
    await member.close();
  }
});
