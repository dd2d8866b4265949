/**
 * Issue 18, "small things a new user trips over", each checked at a phone's 390 px and a desktop's
 * 1440 px against the built app and the real server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
/** BaselineCosts, 2 activities, status 2023-03-06 (EXPECTED.md C.1). */
const SMALL_XER = resolve(SAMPLES, 'xer/aspose_encoding1251.xer');
/** TestProject (1 activity) and TestProject2 (2 activities), Windows-1251 text (EXPECTED.md B). */
const MULTI_XER = resolve(SAMPLES, 'xer/aspose_MultiprojectWithExternal.xer');
/** P6 23.12, Windows-1252: project 935 with 3 activities and 10001 with 692 (README.md). */
const JAGGELAS_XER = resolve(SAMPLES, 'xer/jaggelas_test.xer');

/**
 * `xer` with one project's activities gone, as P6 exports a project whose activities were all
 * deleted: its PROJECT row (and WBS) stay; its TASK rows and every TASK* row of it (TASKPRED on
 * either side, TASKRSRC, ...) go. No file in the corpus has an empty project, so the test makes one
 * from a real export; the bytes are kept as they are (latin1 maps each byte to one character).
 */
function withoutActivitiesOf(xer: Buffer, shortName: string): { bytes: Buffer; dropped: number } {
  const lines = xer.toString('latin1').split('\n');
  let table = '';
  let fields: string[] = [];
  const row = (cells: string[]) => Object.fromEntries(fields.map((f, i) => [f, cells[i + 1]?.replace(/\r$/, '')]));
  let projId: string | undefined;
  for (const line of lines) {
    const cells = line.split('\t');
    if (cells[0] === '%T') table = cells[1]!.trim();
    else if (cells[0] === '%F') fields = cells.slice(1).map((f) => f.trim());
    else if (cells[0] === '%R' && table === 'PROJECT' && row(cells).proj_short_name === shortName) projId = row(cells).proj_id;
  }
  if (!projId) throw new Error(`no project ${shortName} in the file`);
  let dropped = 0;
  const kept = lines.filter((line) => {
    const cells = line.split('\t');
    if (cells[0] === '%T') table = cells[1]!.trim();
    else if (cells[0] === '%F') fields = cells.slice(1).map((f) => f.trim());
    else if (cells[0] === '%R' && table.startsWith('TASK')) {
      const r = row(cells);
      if (r.proj_id === projId || r.pred_proj_id === projId) {
        if (table === 'TASK') dropped++;
        return false;
      }
    }
    return true;
  });
  return { bytes: Buffer.from(kept.join('\n'), 'latin1'), dropped };
}

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Whether two boxes overlap at all (the banner floats above the page: any overlap hides). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

const SHOTS = process.env.E2E_SCREENSHOTS ? 'test-results/new-user' : null;
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * What on the page lies under the cookie banner where it is now: every visible element that is
 * neither the banner, inside it, nor one of the boxes that hold it, and whose box meets the banner's.
 * An empty list means the banner hides nothing at this scroll position.
 */
async function underBanner(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector('.cookie-banner');
    if (!banner) throw new Error('no cookie banner');
    const b = banner.getBoundingClientRect();
    const hit: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el === banner || banner.contains(el) || el.contains(banner)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      // Empty layers (the toasts' fixed region while no toast shows) paint nothing that could be hidden.
      const media = 'img, svg, input, button, select, textarea, canvas, video';
      if (!(el.textContent ?? '').trim() && !el.matches(media) && !el.querySelector(media)) continue;
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
        hit.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}" at y ${Math.round(r.top)}–${Math.round(r.bottom)}`);
      }
    }
    return hit;
  });
}

/**
 * The banner shows, nothing of the page is under it at first view (so no action in the first
 * screen is), each named action that reaches into the viewport is clear of it, and nothing
 * overflows sideways.
 */
async function expectNoActionUnderBanner(page: Page, actions: Locator[], where: string) {
  const banner = page.getByRole('region', { name: 'Cookie Settings' });
  await expect(banner, where).toBeVisible();
  for (const action of actions) {
    await expect(action, where).toBeVisible();
    const inView = await action.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    if (inView) expect(await overlaps(action, banner), `${where}: the cookie banner covers ${await action.textContent()}`).toBe(false);
  }
  expect(await underBanner(page), `${where}: under the cookie banner at first view`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${where}: overflows sideways`).toBe(true);
}

test.describe('2. the cookie banner never lies over the page, at any width from 360 to 1440 or any scroll position', () => {
  const sizes = [
    [360, 640],
    [390, 844],
    [600, 800],
    [768, 1024],
    [899, 700],
    [900, 700],
    [1024, 768],
    [1280, 800],
    [1440, 900],
  ] as const;
  test('/, /pricing, /auth and /contact: top, middle and bottom of each page', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const path of ['/', '/pricing', '/auth', '/contact']) {
        await page.goto(path);
        await expect(page.getByRole('region', { name: 'Cookie Settings' })).toBeVisible();
        const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        for (const y of [0, Math.round(max / 3), Math.round((2 * max) / 3), max]) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          expect(await underBanner(page), `${path} at ${width}×${height}, scrolled to ${y} of ${max}`).toEqual([]);
        }
        // The page's end is reachable: its footer's last line is inside the viewport at the bottom.
        const footer = page.locator('footer').last();
        await expect(footer).toBeInViewport();
      }
    }
  });
});

for (const vp of WIDTHS) {
  test.describe(`${vp.name} ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('3. the cookie banner hides no primary action: /, /pricing, /auth and the import page at first view', async ({ page, context }) => {
      // Each page's primary actions, as a new visitor meets them with the banner up.
      const pages: { path: string; actions: (p: Page) => Locator[] }[] = [
        { path: '/', actions: (p) => [p.getByRole('link', { name: 'Try It Free' }).first()] },
        { path: '/pricing', actions: (p) => [p.getByRole('button', { name: 'Start Free Trial' }).first()] },
        {
          path: '/auth',
          actions: (p) => [p.locator('form.auth-card').getByRole('button', { name: 'Sign In' }), p.getByRole('button', { name: 'Create an account' })],
        },
      ];
      for (const { path, actions } of pages) {
        await page.goto(path);
        await expectNoActionUnderBanner(page, actions(page), path);
      }
      // The case: "Create an account" on /auth in the first screen, with the banner up.
      await page.goto('/auth');
      const create = page.getByRole('button', { name: 'Create an account' });
      if (vp.width >= 1440) await expect(create).toBeInViewport({ ratio: 1 });
      else await expect(create).toBeInViewport();
      await shoot(page, `cookie-auth-${vp.width}`);
      await signedInUser(context);
      await page.goto('/app/import');
      await expect(page.getByText('Drop a schedule file here')).toBeVisible();
      await expectNoActionUnderBanner(page, [page.getByRole('button', { name: 'Choose a file' })], '/app/import');
      await shoot(page, `cookie-import-${vp.width}`);
      // The dark theme as well.
      await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectNoActionUnderBanner(page, [create], '/auth (dark)');
      await shoot(page, `cookie-auth-dark-${vp.width}`);
    });

    test('7. an import error with a long file name stays inside its card', async ({ page, context }) => {
      await signedInUser(context);
      await page.goto('/app/import');
      const name = 'HS2_LWM_IMP_040_20_Contract_Programme_Rev_C_Baseline_Update_Period_12_FINAL_issued_to_client.xer';
      await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a schedule\n') });
      const card = page.locator('.import-error');
      const heading = card.getByRole('heading', { level: 2 });
      await expect(heading).toContainText('could not be imported', { timeout: 30_000 });
      await expect(heading).toHaveAttribute('title', name);
      const [h, c] = await Promise.all([heading.boundingBox(), card.boundingBox()]);
      if (!h || !c) throw new Error('no box');
      expect(h.x + h.width).toBeLessThanOrEqual(c.x + c.width);
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });

    test('6. an empty project opens with the drop zone, and the file becomes its first status', async ({ page, context }) => {
      test.skip(!existsSync(SMALL_XER), `the sample corpus (${SAMPLES}) is absent`);
      test.setTimeout(90_000);
      await signedInUser(context);
      await page.goto('/app');
      await page.getByPlaceholder('New project name').fill('Viaduct works');
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('link', { name: 'Viaduct works', exact: true }).click();
      await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);
      const projectUrl = page.url();
      await expect(page.getByRole('heading', { name: "Import this project's first status" })).toBeVisible();
      await expect(page.getByText('Drop a schedule file here')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.getByTestId('file-input').setInputFiles(SMALL_XER);
      await expect(page.getByTestId('import-project')).toContainText('BaselineCosts', { timeout: 60_000 });
      // Offered as this project's status, not as a new project.
      await expect(page.getByTestId('import-project').getByRole('combobox', { name: 'Save as' })).toHaveValue(projectUrl.split('/').pop() ?? '');
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page.getByRole('group', { name: 'Analysis options' })).toBeVisible({ timeout: 60_000 });
      expect(page.url()).toBe(projectUrl);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Viaduct works');
      // One project on the list, with its one import: nothing went into a second project.
      await page.goto('/app');
      await expect(page.getByRole('status').filter({ hasText: /project/ })).toContainText('1 project');
    });

    test('4. a multi-project XER: projects with activities ticked, the encoding note said once', async ({ page, context }) => {
      test.skip(!existsSync(MULTI_XER), `the sample corpus (${SAMPLES}) is absent`);
      await signedInUser(context);
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(MULTI_XER);
      const projects = page.getByTestId('import-project');
      await expect(projects).toHaveCount(2, { timeout: 60_000 });
      for (const p of await projects.all()) {
        await expect(p.getByRole('checkbox', { name: 'Import' })).toBeChecked();
        await expect(p.getByRole('checkbox', { name: 'Import' })).toBeEnabled();
        await expect(p).not.toContainText('Text encoding');
      }
      await expect(page.getByText(/Text encoding: not UTF-8/)).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Save 2 projects' })).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });

    test('4. a real multi-project XER with an empty project: unticked, greyed, "(no activities)"; the encoding note once', async ({ page, context }) => {
      test.skip(!existsSync(JAGGELAS_XER), `the sample corpus (${SAMPLES}) is absent`);
      test.setTimeout(120_000);
      await signedInUser(context);
      const projects = page.getByTestId('import-project');
      const card = (name: string) => projects.filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });
      const box = (name: string) => card(name).getByRole('checkbox', { name: 'Import' });
      const encodingNote = page.getByText(/Text encoding: not UTF-8/);

      // The file as exported: both projects have activities, so both are ticked.
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(JAGGELAS_XER);
      await expect(projects).toHaveCount(2, { timeout: 60_000 });
      await expect(box('Madagascar Community Development')).toBeChecked();
      await expect(box('Post LOS Schedule')).toBeChecked();
      await expect(page.getByRole('button', { name: 'Save 2 projects' })).toBeEnabled();

      // Project 935 emptied of its 3 activities.
      const { bytes, dropped } = withoutActivitiesOf(readFileSync(JAGGELAS_XER), '935');
      expect(dropped).toBe(3);
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles({ name: 'jaggelas_test-935-emptied.xer', mimeType: 'application/octet-stream', buffer: bytes });
      await expect(projects).toHaveCount(2, { timeout: 60_000 });
      const empty = card('Madagascar Community Development');
      await expect(empty.getByRole('heading', { level: 3 })).toHaveText('Madagascar Community Development · 935 (no activities)');
      await expect(box('Madagascar Community Development')).not.toBeChecked();
      await expect(box('Madagascar Community Development')).toBeDisabled();
      // Greyed out: the whole card drawn faded, the other at full strength.
      expect(Number(await empty.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
      expect(Number(await card('Post LOS Schedule').evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
      await expect(card('Post LOS Schedule').getByRole('heading', { level: 3 })).not.toContainText('no activities');
      await expect(box('Post LOS Schedule')).toBeChecked();
      await expect(box('Post LOS Schedule')).toBeEnabled();
      // The file's encoding is said once, above the projects, not under each.
      await expect(encodingNote).toHaveCount(1);
      for (const p of await projects.all()) await expect(p).not.toContainText('Text encoding');
      // Only the project with activities is saved.
      await expect(page.getByRole('button', { name: 'Save and open the dashboard' })).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await empty.scrollIntoViewIfNeeded();
      await shoot(page, `multi-xer-empty-project-${vp.width}`);
    });

    test('1. the trial: sign-up promises nothing, the click starts it, the account and banner agree', async ({ page, context }) => {
      test.setTimeout(60_000);
      await page.goto('/auth?mode=signup');
      await expect(page.getByText('Create your account, then start your 14-day free trial of Starter when you are ready. No payment details needed.')).toBeVisible();
      await signedInUser(context);
      // Signed up, no trial yet: the account page says so and offers the button.
      await page.goto('/app/account');
      await expect(page.getByText('No subscription — start your 14-day free trial')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0);
      const accountButton = page.getByRole('button', { name: 'Start Free Trial' });
      await expect(accountButton).toBeVisible();
      // The click on /pricing: "Processing..." while the server answers, the toast, /app 1.5 s later.
      await page.goto('/pricing');
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/functions/start-trial', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
      release();
      await expect(page.getByText('Trial Started!')).toBeVisible();
      await expect(page.getByText('You now have 14 days of Starter plan access. No payment required!')).toBeVisible();
      const clicked = Date.now();
      await expect(page).toHaveURL(/\/app$/, { timeout: 10_000 });
      expect(Date.now() - clicked).toBeGreaterThan(1000);
      await page.unroute('**/api/functions/start-trial');
      await expect(page.getByRole('region', { name: 'Free trial' })).toContainText('14 days left in your free trial');
      await page.goto('/app/account');
      await expect(page.getByText('Starter trial', { exact: true })).toBeVisible();
      await expect(page.getByText('14 days left in your free trial.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
      // One trial per user: a second click is refused with the spec's message.
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await expect(page.getByText('Trial Already Used')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });

    test('5. a next status: proposed with its reason, and the list and dashboard show one name', async ({ page, context }) => {
      test.skip(!existsSync(SMALL_XER), `the sample corpus (${SAMPLES}) is absent`);
      test.setTimeout(120_000);
      await signedInUser(context);
      // The first status, saved as a new project, then renamed by the user.
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(SMALL_XER);
      await expect(page.getByTestId('import-project')).toContainText('BaselineCosts', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page.getByRole('group', { name: 'Analysis options' })).toBeVisible({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Rename' }).click();
      const nameField = page.getByRole('textbox', { name: /name/i }).first();
      await nameField.fill('Baseline costs trial');
      await nameField.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Baseline costs trial');
      // The same file again: proposed as that project's next status, with the reason.
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(SMALL_XER);
      const match = page.getByTestId('import-match');
      await expect(match).toContainText('Proposed as the next status of Baseline costs trial: same P6 project id, same project code, same project name, 2 of 2 activity ids in common.', { timeout: 60_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page.getByRole('group', { name: 'Analysis options' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Baseline costs trial');
      // The commentary speaks of the project by its own name, not the file's (the file's notes still quote the file).
      await expect(page.getByText('As at 6 Mar 2023, Baseline costs trial is')).toBeVisible();
      await expect(page.getByText('As at 6 Mar 2023, BaselineCosts is')).toHaveCount(0);
      await page.goto('/app');
      await expect(page.getByRole('link', { name: 'Baseline costs trial', exact: true })).toBeVisible();
    });
  });
}
