import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseInUserMenu, createEmployee, PNG_FILE, signInThroughForm, signOut } from './fixtures';

// Manage Profile, Change Password and Forgot Password, each on an account of its own.

test('edit the profile with a photo', async ({ page, request }) => {
  const me = { name: 'Pia Profile', email: 'pia@e2e.example', password: 'Pia-pass-12345' };
  await createEmployee(request, { ...me, permissions: [] });
  await page.goto('/login/');
  await signInThroughForm(page, me.email, me.password);
  await chooseInUserMenu(page, 'Manage Profile');
  await expect(page).toHaveURL(/\/manage-profile$/);
  await expect(page.getByText(me.email)).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.locator('input[type=file]').setInputFiles(PNG_FILE);
  await expect(page.getByText('Picture Updated Successfully!')).toBeVisible();
  await page.getByLabel('Email').fill('pia@');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Middle Name').fill('Q');
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible();

  await expect(page.getByText('Pia Q Reyes')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Profile photo' });
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The header shows the new name too, and it survives a reload.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText('Pia Reyes');
});

test('change the password: back at sign-in, the old one refused, the new one works', async ({
  page,
  request,
}) => {
  const me = { name: 'Carl Change', email: 'carl@e2e.example', password: 'Carl-pass-12345' };
  await createEmployee(request, { ...me, permissions: [] });
  await page.goto('/login/');
  await signInThroughForm(page, me.email, me.password);
  await chooseInUserMenu(page, 'Change Password');
  await expect(page).toHaveURL(/tab=change-password/);

  await page.getByLabel('Old Password').fill('Not-the-password-1');
  await page.getByLabel('New Password').fill('Carl-new-pass-1');
  await page.getByLabel('Confirm Password').fill('Carl-new-pass-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Your old password was entered incorrectly. Please enter it again.').first(),
  ).toBeVisible();

  await page.getByLabel('Old Password').fill(me.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your Password is changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signInThroughForm(page, me.email, me.password);
  await expect(page.getByText('No active account found with the given credentials').first()).toBeVisible();
  await page.getByLabel('Password').fill('Carl-new-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Welcome,? Carl/)).toBeVisible();
});

/** The reset link of the newest mail to `to` in the e2e server's outbox. */
function resetLinkFor(to: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    // Undo quoted-printable soft line breaks and escaped '=' before looking for the link.
    const mail = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(`To: ${to}`)) continue;
    const match = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail);
    if (match) return match[0];
  }
  return null;
}

test('forgot password: the mailed link sets a new password', async ({ page, request }) => {
  const me = { name: 'Fay Forgot', email: 'fay@e2e.example', password: 'Fay-pass-123456' };
  await createEmployee(request, { ...me, permissions: [] });
  await page.goto('/login/');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email to Reset Password' });
  await dialog.getByLabel('Email').fill(me.email);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Link to update your password have been sent to your mail.')).toBeVisible();

  await expect.poll(() => resetLinkFor(me.email), { timeout: 10_000 }).not.toBeNull();
  const link = resetLinkFor(me.email) ?? '';
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('Fay-new-pass-1');
  await page.getByLabel('Repeat Password').fill('Fay-new-pass-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('The two passwords that you entered do not match!')).toBeVisible();
  await page.getByLabel('Repeat Password').fill('Fay-new-pass-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Changed Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signInThroughForm(page, me.email, 'Fay-new-pass-1');
  await expect(page.getByText(/Welcome,? Fay/)).toBeVisible();
  await signOut(page);
  // The link worked once.
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('Fay-other-pass-1');
  await page.getByLabel('Repeat Password').fill('Fay-other-pass-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
