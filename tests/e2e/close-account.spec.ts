import { expect, test } from '@playwright/test';
import { signedInUser } from './session';

const PASSWORD = 'correct horse battery staple';

test('a user closes their account from /app/account and cannot sign in again', async ({ page, context }) => {
  const user = await signedInUser(context, 'closer');
  await page.goto('/app/account');

  const section = page.getByRole('region', { name: 'Close account' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('your plan ends now, and the rest of the period you paid for is not refunded');
  await expect(section).toContainText('Projects stored on this device are not touched by us');
  const password = section.getByLabel('Your password');
  const closeButton = section.getByRole('button', { name: 'Close my account' });
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });

  // No password: asked for it, no dialog.
  await closeButton.click();
  await expect(section.getByRole('alert')).toHaveText('Enter your password to confirm that you want to close your account.');
  await expect(dialog).toBeHidden();

  // A wrong password: the server's refusal, and the account stays open.
  await password.fill('not the password at all');
  await closeButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(section.getByRole('alert')).toHaveText('That password is not right. Enter the password you sign in with to close your account.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/app\/account$/);

  // Cancel changes nothing; confirming with the right password closes it.
  await password.fill(PASSWORD);
  await closeButton.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(closeButton).toBeFocused();
  await closeButton.click();
  await dialog.getByRole('button', { name: 'Close my account' }).click();

  await expect(page).toHaveURL(/\/auth\?closed=/);
  await expect(page.getByText(/^Your account was closed on \d{1,2} \w+ \d{4}\./)).toBeVisible();
  // Signed out on this device (the spec's stored session is put back on every load and refused).
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('earnest-session') ?? '{}') as { state?: { user?: unknown } }).state?.user ?? null))
    .toBeNull();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Signing in again is refused, with the reason.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^This account was closed on \d{1,2} \w+ \d{4}\./);
  await expect(page).toHaveURL(/\/auth/);

  // The app does not open for it either (the stored session's refresh is refused).
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/auth/);
});
